import "server-only";
import { and, eq } from "drizzle-orm";
import { alertasPath, type SuscripcionAlertas } from "@/lib/api/alertas";
import { links } from "@/lib/api/links";
import type { Db } from "@/lib/db";
import { agencias, alertasAgencias, alertasSuscripciones } from "@/lib/db/schema";

export type SuscripcionRow = typeof alertasSuscripciones.$inferSelect;

/** The app's subscription of that name, or undefined: one app never sees another's (docs/contract.md#alerts). */
export async function findSuscripcion(db: Db, appId: string, suscriptor: string): Promise<SuscripcionRow | undefined> {
  const [row] = await db
    .select()
    .from(alertasSuscripciones)
    .where(and(eq(alertasSuscripciones.appId, appId), eq(alertasSuscripciones.suscriptor, suscriptor)));
  return row;
}

/** The AdminMails of the agencies the subscription covers, in order. */
async function agenciasDe(db: Db, suscripcionId: string): Promise<string[]> {
  const rows = await db
    .select({ adminMail: agencias.adminMail })
    .from(alertasAgencias)
    .innerJoin(agencias, eq(agencias.id, alertasAgencias.agenciaId))
    .where(eq(alertasAgencias.suscripcionId, suscripcionId))
    .orderBy(agencias.adminMail);
  return rows.map((row) => row.adminMail);
}

export async function presentSuscripcion(db: Db, row: SuscripcionRow): Promise<SuscripcionAlertas> {
  return {
    Suscriptor: row.suscriptor,
    Agencias: await agenciasDe(db, row.id),
    Operador: row.operador,
    Email: row.email,
    Push: row.pushEndpoint ? { Endpoint: row.pushEndpoint } : null,
    Horario: row.horario ?? null,
    Enlace: row.enlace,
    _links: links({ self: alertasPath(row.suscriptor) }),
  };
}
