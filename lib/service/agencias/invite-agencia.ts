import "server-only";
import { randomBytes } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { AgenciaCreate } from "@/lib/api/agencias";
import { conflictProblem } from "@/lib/api/problem";
import { getDb } from "@/lib/db";
import { agenciaApps, agencias, invitaciones } from "@/lib/db/schema";
import { config } from "@/lib/env";
import { newId } from "@/lib/ids";
import type { AuthenticatedApp } from "@/lib/service/apps/find-app";
import { enqueueMail } from "@/lib/service/mail/enqueue-mail";
import { hashToken } from "./find-invitation";
import { invitationMail } from "./invitation-mail";

/** A registration token: 256 random bits, URL-safe. Only its SHA-256 is stored (hashToken). */
const newToken = () => randomBytes(32).toString("base64url");

export const INVITATION_DAYS = 14;

/**
 * POST /v3/agencias (docs/contract.md#agencies): an invitation owned by the app and its e-mail, in one
 * transaction. A registered address answers 409, unless this app detached that agency (or still
 * has its own invitation pending); a pending or expired invitation of this app is replaced.
 * Nombre and Telefono are the app's own (kept on its relation, the earlier ones when absent): no
 * other app sees them, and the e-mail greets with them only. Returns the lower-cased AdminMail.
 */
export async function inviteAgencia(app: AuthenticatedApp, input: AgenciaCreate): Promise<string> {
  const db = await getDb();
  const { publicBaseUrl, timeZone } = config();
  const adminMail = input.AdminMail.toLowerCase();
  const token = newToken();
  const now = new Date();
  const vence = new Date(now.getTime() + INVITATION_DAYS * 86_400_000);
  await db.transaction(async (tx) => {
    await tx.insert(agencias).values({ id: newId(), adminMail }).onConflictDoNothing({ target: agencias.adminMail });
    const [agencia] = await tx.select().from(agencias).where(eq(agencias.adminMail, adminMail)).for("update");
    if (!agencia) throw new Error("Agencia desaparecida durante la invitación");
    const [relation] = await tx
      .select()
      .from(agenciaApps)
      .where(and(eq(agenciaApps.agenciaId, agencia.id), eq(agenciaApps.appId, app.id)));
    const reinvitable = relation?.estado === "desasociada" || relation?.estado === "pendiente";
    if (agencia.registradaAt && !reinvitable) {
      throw conflictProblem({ AdminMail: ["El e-mail ya está registrado."] }, `${adminMail} ya está registrado en Vitrina.`);
    }
    await tx
      .update(invitaciones)
      .set({ reemplazadaAt: now })
      .where(
        and(
          eq(invitaciones.agenciaId, agencia.id),
          eq(invitaciones.appId, app.id),
          isNull(invitaciones.usadaAt),
          isNull(invitaciones.reemplazadaAt),
        ),
      );
    await tx
      .insert(invitaciones)
      .values({ id: newId(), agenciaId: agencia.id, appId: app.id, tokenHash: hashToken(token), venceAt: vence });
    const pending = {
      estado: "pendiente",
      invitadaAt: now,
      invitacionVenceAt: vence,
      registradaAt: null,
      desasociadaAt: null,
      invitacionNombre: input.Nombre ?? relation?.invitacionNombre ?? null,
      invitacionTelefono: input.Telefono ?? relation?.invitacionTelefono ?? null,
    };
    await tx
      .insert(agenciaApps)
      .values({ agenciaId: agencia.id, appId: app.id, ...pending })
      .onConflictDoUpdate({ target: [agenciaApps.agenciaId, agenciaApps.appId], set: pending });
    await enqueueMail(
      tx,
      invitationMail({
        to: adminMail,
        appName: app.name,
        nombre: pending.invitacionNombre,
        link: `${publicBaseUrl}/registro/${token}`,
        vence,
        timeZone,
      }),
    );
  });
  return adminMail;
}
