import "server-only";
import { hash } from "@node-rs/argon2";

// @node-rs/argon2 exports Algorithm as an ambient const enum, which isolatedModules cannot read.
const ARGON2ID = 2;

import { and, eq, sql } from "drizzle-orm";
import { Problem } from "@/lib/api/problem";
import type { Conexion, Registro } from "@/lib/api/registro";
import { type Db, getDb } from "@/lib/db";
import { agenciaApps, agencias, invitaciones, operadores, productos } from "@/lib/db/schema";
import { config } from "@/lib/env";
import { restoreDetached } from "@/lib/service/publicaciones/cupo";
import { notifyPublicaciones } from "@/lib/service/publicaciones/notify";
import { recordCambios } from "@/lib/service/publicaciones/record-cambios";
import { enqueueNotification } from "@/lib/service/webhooks/enqueue-notification";
import { formatDateTime } from "@/lib/time";
import { matchUbicacion } from "./edit-agencia";
import { findInvitation, type InvitationView } from "./find-invitation";
import { presentVisible } from "./present-agencia";
import { findVisible } from "./relation";

/** The link is no longer usable (used, replaced by a newer invitation, or expired). */
export class InvitationGone extends Problem {
  constructor() {
    super(410, "El enlace de registro ya se usó o venció. Pedí una invitación nueva a la app que te invitó.");
  }
}

type Cuenta = { registro: Registro; ubicacion: Awaited<ReturnType<typeof matchUbicacion>>; passwordHash: string };

/** What a first registration writes, checked (the catalogue's 400s) and hashed before the transaction. */
async function prepareAccount(registro: Registro): Promise<Cuenta> {
  const ubicacion = await matchUbicacion(registro.Region, registro.Ciudad);
  return { registro, ubicacion, passwordHash: await hash(registro.Password, { algorithm: ARGON2ID }) };
}

/** The account of an agency registering for the first time, created by the inviting app. */
async function createAccount(tx: Db, invitation: InvitationView, { registro: input, ubicacion, passwordHash }: Cuenta, now: Date) {
  await tx
    .update(agencias)
    .set({
      nombre: input.Nombre,
      telefono: input.Telefono,
      region: ubicacion.region,
      ciudad: ubicacion.ciudad,
      passwordHash,
      registradaAt: now,
      creadaPorAppId: invitation.appId,
    })
    .where(eq(agencias.id, invitation.agenciaId));
  const admin = { nombre: input.AdminNombre, apellido: input.AdminApellido, esAdministrador: true };
  await tx
    .insert(operadores)
    .values({ agenciaId: invitation.agenciaId, email: invitation.adminMail, ...admin })
    .onConflictDoUpdate({ target: [operadores.agenciaId, operadores.email], set: admin });
  await tx.insert(productos).values({ agenciaId: invitation.agenciaId }).onConflictDoNothing({ target: productos.agenciaId });
}

/**
 * The agency attached to the inviting app: the listings its detachment suspended come back as far as
 * the package has room (docs/decisions/0067), and the app is notified.
 */
async function attach(tx: Db, invitation: InvitationView, compartirCatalogo: boolean, now: Date) {
  await tx
    .update(agenciaApps)
    .set({ estado: "registrada", registradaAt: now, desasociadaAt: null, compartirCatalogo })
    .where(and(eq(agenciaApps.agenciaId, invitation.agenciaId), eq(agenciaApps.appId, invitation.appId)));
  const restored = await restoreDetached(tx, invitation.agenciaId, invitation.appId, now);
  await recordCambios(tx, restored, "estado", "plataforma", now);
  await notifyPublicaciones(tx, restored, "plataforma", now);
  const visible = await findVisible(tx, invitation.appId, invitation.adminMail);
  if (!visible) throw new Error("Agencia desaparecida durante el registro");
  await enqueueNotification(tx, {
    appId: invitation.appId,
    topic: "agencias",
    evento: "agencia.registrada",
    datos: { AdminMail: invitation.adminMail, Agencia: await presentVisible(tx, visible) },
    momento: formatDateTime(now, config().timeZone),
  });
}

/**
 * POST /registro/{token}/aceptar: in one transaction the invitation is used and the agency attached
 * to the inviting app (suspended listings of a re-attachment come back; the `agencias`
 * notification is queued). An agency without an account registers with `input` first, the inviting
 * app becoming its creator; an existing account is attached as it is, whatever else `input` holds
 * (docs/decisions/0022). Returns the agency's AdminMail, or undefined for a token never issued.
 */
export async function registerAgencia(
  token: string,
  input: Registro | Conexion,
): Promise<{ adminMail: string; appName: string } | undefined> {
  const invitation = await findInvitation(token);
  if (!invitation) return undefined;
  if (invitation.estado !== "valida") throw new InvitationGone();
  const cuenta = "Password" in input && !invitation.cuentaExistente ? await prepareAccount(input) : undefined;
  const db = await getDb();
  const now = new Date();
  await db.transaction(async (tx) => {
    const [used] = await tx
      .update(invitaciones)
      .set({ usadaAt: now })
      .where(
        and(
          eq(invitaciones.id, invitation.id),
          sql`${invitaciones.usadaAt} is null and ${invitaciones.reemplazadaAt} is null and ${invitaciones.venceAt} > ${now}`,
        ),
      )
      .returning({ id: invitaciones.id });
    if (!used) throw new InvitationGone();
    // Locked: two links of one address accepted at once register the account once.
    const [agencia] = await tx
      .select({ registradaAt: agencias.registradaAt })
      .from(agencias)
      .where(eq(agencias.id, invitation.agenciaId))
      .for("update");
    if (!agencia?.registradaAt) {
      if (!cuenta) throw new Error("Una agencia sin cuenta solo se registra con el formulario completo");
      await createAccount(tx, invitation, cuenta, now);
    }
    await attach(tx, invitation, input.CompartirConsultasCatalogo, now);
  });
  return { adminMail: invitation.adminMail, appName: invitation.appName };
}
