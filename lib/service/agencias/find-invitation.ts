import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { agencias, apps, invitaciones } from "@/lib/db/schema";
import { hashToken } from "./token";

export type InvitationState = "valida" | "usada" | "vencida";

export type InvitationView = {
  id: string;
  estado: InvitationState;
  appId: string;
  appName: string;
  agenciaId: string;
  adminMail: string;
  nombre: string | null;
  telefono: string | null;
  venceAt: Date;
};

/** The invitation behind a registration link, or undefined for a token that was never issued. */
export async function findInvitation(token: string, now = new Date()): Promise<InvitationView | undefined> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
  const db = await getDb();
  const [row] = await db
    .select({ invitacion: invitaciones, appName: apps.name, agencia: agencias })
    .from(invitaciones)
    .innerJoin(apps, eq(apps.id, invitaciones.appId))
    .innerJoin(agencias, eq(agencias.id, invitaciones.agenciaId))
    .where(eq(invitaciones.tokenHash, hashToken(token)));
  if (!row) return undefined;
  const { invitacion, agencia } = row;
  const estado: InvitationState = invitacion.usadaAt
    ? "usada"
    : invitacion.reemplazadaAt || invitacion.venceAt.getTime() <= now.getTime()
      ? "vencida"
      : "valida";
  return {
    id: invitacion.id,
    estado,
    appId: invitacion.appId,
    appName: row.appName,
    agenciaId: agencia.id,
    adminMail: agencia.adminMail,
    nombre: agencia.nombre,
    telefono: agencia.telefono,
    venceAt: invitacion.venceAt,
  };
}
