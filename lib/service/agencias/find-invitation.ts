import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { agenciaApps, agencias, apps, invitaciones } from "@/lib/db/schema";

/** A registration token as stored: its SHA-256, never the token itself. */
export const hashToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

export type InvitationState = "valida" | "usada" | "vencida";

export type InvitationView = {
  id: string;
  estado: InvitationState;
  appId: string;
  appName: string;
  agenciaId: string;
  adminMail: string;
  /** What the inviting app wrote in its invitation (the registration form starts from it). */
  invitacion: { nombre: string | null; telefono: string | null };
  /** The account's name once registered. */
  nombre: string | null;
  /**
   * The agency already had an account when this invitation was accepted (or has one now, for a
   * link not used yet): accepting it attaches that account to the app and changes none of its data.
   */
  cuentaExistente: boolean;
  venceAt: Date;
};

/** The invitation behind a registration link, or undefined for a token that was never issued. */
export async function findInvitation(token: string, now = new Date()): Promise<InvitationView | undefined> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
  const db = await getDb();
  const [row] = await db
    .select({ invitacion: invitaciones, appName: apps.name, agencia: agencias, relation: agenciaApps })
    .from(invitaciones)
    .innerJoin(apps, eq(apps.id, invitaciones.appId))
    .innerJoin(agencias, eq(agencias.id, invitaciones.agenciaId))
    .innerJoin(agenciaApps, and(eq(agenciaApps.agenciaId, invitaciones.agenciaId), eq(agenciaApps.appId, invitaciones.appId)))
    .where(eq(invitaciones.tokenHash, hashToken(token)));
  if (!row) return undefined;
  const { invitacion, agencia, relation } = row;
  const estado: InvitationState = invitacion.usadaAt
    ? "usada"
    : invitacion.reemplazadaAt || invitacion.venceAt.getTime() <= now.getTime()
      ? "vencida"
      : "valida";
  // Registering stamps the account and the invitation with the same instant.
  const registradaAntes = agencia.registradaAt && (!invitacion.usadaAt || agencia.registradaAt < invitacion.usadaAt);
  return {
    id: invitacion.id,
    estado,
    appId: invitacion.appId,
    appName: row.appName,
    agenciaId: agencia.id,
    adminMail: agencia.adminMail,
    invitacion: { nombre: relation.invitacionNombre, telefono: relation.invitacionTelefono },
    nombre: agencia.nombre,
    cuentaExistente: Boolean(registradaAntes),
    venceAt: invitacion.venceAt,
  };
}
