import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { EstadoAgencia } from "@/lib/api/agencias";
import type { Db } from "@/lib/db";
import { prepared } from "@/lib/db/prepared";
import { agenciaApps, agencias } from "@/lib/db/schema";

export type AgenciaRow = typeof agencias.$inferSelect;
export type RelationRow = typeof agenciaApps.$inferSelect;

/** What an app sees of an agency: `vencida` is a pending relation whose invitation expired. */
export function estadoOf(relation: RelationRow, now = new Date()): EstadoAgencia | "desasociada" {
  if (relation.estado === "pendiente" && relation.invitacionVenceAt.getTime() <= now.getTime()) return "vencida";
  return relation.estado as EstadoAgencia | "desasociada";
}

export type Visible = { agencia: AgenciaRow; relation: RelationRow; estado: EstadoAgencia };

function prepareFindVisible(db: Db, name: string) {
  return db
    .select({ agencia: agencias, relation: agenciaApps })
    .from(agencias)
    .innerJoin(agenciaApps, and(eq(agenciaApps.agenciaId, agencias.id), eq(agenciaApps.appId, sql.placeholder("appId"))))
    .where(eq(agencias.adminMail, sql.placeholder("adminMail")))
    .prepare(name);
}

/**
 * The agency as the app sees it, or undefined when it does not exist for the app: never invited
 * by it, invited only by other apps, or detached (docs/contract.md#wire-conventions: every operation acts for the calling app).
 */
export async function findVisible(db: Db, appId: string, adminMail: string): Promise<Visible | undefined> {
  const [row] = await prepared(db, "agencia_de_app", prepareFindVisible).execute({ appId, adminMail: adminMail.toLowerCase() });
  if (!row) return undefined;
  const estado = estadoOf(row.relation);
  return estado === "desasociada" ? undefined : { ...row, estado };
}

/** The agency when it is registered and attached to the app; enquiries exist for no other. */
export async function registeredAgencia(db: Db, appId: string, adminMail: string): Promise<Visible | undefined> {
  const visible = await findVisible(db, appId, adminMail);
  return visible?.estado === "registrada" ? visible : undefined;
}

/**
 * Whether the app may replace the agency's data (PUT): the agency is registered with it and the
 * app is the one whose invitation created the account (docs/decisions/0022).
 */
export const mayEdit = (appId: string, visible: Visible | undefined): visible is Visible =>
  visible?.estado === "registrada" && visible.agencia.creadaPorAppId === appId;

/** For the operator CLI: the agency of an administrator e-mail, or an error that says so. */
export async function agencyByAdmin(db: Db, adminMail: string) {
  const [agencia] = await db.select().from(agencias).where(eq(agencias.adminMail, adminMail.toLowerCase()));
  if (!agencia) throw new Error(`No hay ninguna agencia con administrador ${adminMail.toLowerCase()}.`);
  return agencia;
}
