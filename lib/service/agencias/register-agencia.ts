import "server-only";
import { hash } from "@node-rs/argon2";

// @node-rs/argon2 exports Algorithm as an ambient const enum, which isolatedModules cannot read.
const ARGON2ID = 2;

import { and, eq, sql } from "drizzle-orm";
import type { Registro } from "@/lib/api/registro";
import { getDb } from "@/lib/db";
import { agenciaApps, agencias, invitaciones, operadores, productos, publicaciones } from "@/lib/db/schema";
import { config } from "@/lib/env";
import { Problem } from "@/lib/http/problem";
import { enqueueNotification } from "@/lib/service/webhooks/enqueue-notification";
import { formatDateTime } from "@/lib/time";
import { matchUbicacion } from "./edit-agencia";
import { findInvitation } from "./find-invitation";
import { NO_EXPOSICIONES } from "./get-productos";
import { presentVisible } from "./present-agencia";
import { findVisible } from "./relation";

/** The link is no longer usable (used, replaced by a newer invitation, or expired). */
export class InvitationGone extends Problem {
  constructor() {
    super(410, "El enlace de registro ya se usó o venció. Pedí una invitación nueva a la app que te invitó.");
  }
}

/**
 * POST /registro/{token}/aceptar: in one transaction the invitation is used, the agency registered
 * with its administrator, attached to the inviting app (suspended listings of a re-attachment come
 * back) and the `agencias` notification queued. Returns the agency's AdminMail, or undefined for a
 * token never issued.
 */
export async function registerAgencia(token: string, input: Registro): Promise<{ adminMail: string; appName: string } | undefined> {
  const invitation = await findInvitation(token);
  if (!invitation) return undefined;
  if (invitation.estado !== "valida") throw new InvitationGone();
  const ubicacion = await matchUbicacion(input.Region, input.Ciudad);
  const passwordHash = await hash(input.Password, { algorithm: ARGON2ID });
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
    await tx
      .update(agencias)
      .set({
        nombre: input.Nombre,
        telefono: input.Telefono,
        region: ubicacion.region,
        ciudad: ubicacion.ciudad,
        passwordHash,
        registradaAt: sql`coalesce(${agencias.registradaAt}, ${now})`,
      })
      .where(eq(agencias.id, invitation.agenciaId));
    const admin = { nombre: input.AdminNombre, apellido: input.AdminApellido, esAdministrador: true };
    await tx
      .insert(operadores)
      .values({ agenciaId: invitation.agenciaId, email: invitation.adminMail, ...admin })
      .onConflictDoUpdate({ target: [operadores.agenciaId, operadores.email], set: admin });
    await tx
      .update(agenciaApps)
      .set({ estado: "registrada", registradaAt: now, desasociadaAt: null, compartirCatalogo: input.CompartirConsultasCatalogo })
      .where(and(eq(agenciaApps.agenciaId, invitation.agenciaId), eq(agenciaApps.appId, invitation.appId)));
    await tx
      .update(publicaciones)
      .set({ estado: "activa" })
      .where(
        and(
          eq(publicaciones.agenciaId, invitation.agenciaId),
          eq(publicaciones.appId, invitation.appId),
          eq(publicaciones.estado, "suspendida"),
        ),
      );
    await tx
      .insert(productos)
      .values({ agenciaId: invitation.agenciaId, exposiciones: NO_EXPOSICIONES })
      .onConflictDoNothing({ target: productos.agenciaId });
    const visible = await findVisible(tx, invitation.appId, invitation.adminMail);
    if (!visible) throw new Error("Agencia desaparecida durante el registro");
    await enqueueNotification(tx, {
      appId: invitation.appId,
      topic: "agencias",
      evento: "agencia.registrada",
      datos: { AdminMail: invitation.adminMail, Agencia: await presentVisible(tx, visible) },
      momento: formatDateTime(now, config().timeZone),
    });
  });
  return { adminMail: invitation.adminMail, appName: invitation.appName };
}
