import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { AtencionInput, Consulta } from "@/lib/api/consultas";
import { forbiddenProblem, NotFound } from "@/lib/api/problem";
import { type Db, getDb } from "@/lib/db";
import { consultasAtencion, operadores } from "@/lib/db/schema";
import type { AuthenticatedApp } from "@/lib/service/apps/find-app";
import { findConsulta } from "./get-consulta";
import { presentConsulta } from "./present-consulta";
import { raiseRevisions } from "./revision";
import { registeredAgencia } from "./visibility";

type Enquiry = { sid: string; agenciaId: string; operadorResponsable: string; momento: Date };

/** Stores the app's mark; marking again the state it already has keeps who marked it and when. */
async function storeMark(tx: Pick<Db, "insert">, appId: string, row: Enquiry, input: AtencionInput) {
  const changed = sql`${consultasAtencion.atendida} is distinct from excluded.atendida`;
  const [mark] = await tx
    .insert(consultasAtencion)
    .values({
      appId,
      sid: row.sid,
      agenciaId: row.agenciaId,
      operadorResponsable: row.operadorResponsable,
      recibida: row.momento,
      atendida: input.Atendida,
      por: input.Por,
      momento: new Date(),
    })
    .onConflictDoUpdate({
      target: [consultasAtencion.appId, consultasAtencion.sid],
      set: {
        atendida: sql`excluded.atendida`,
        por: sql`case when ${changed} then excluded.por else ${consultasAtencion.por} end`,
        momento: sql`case when ${changed} then excluded.momento else ${consultasAtencion.momento} end`,
      },
    })
    .returning({ atendida: consultasAtencion.atendida, por: consultasAtencion.por, momento: consultasAtencion.momento });
  return mark;
}

/**
 * PUT /v3/consultas/{adminMail}/{sid}/atencion (extension, docs/decisions/0041): the app's mark on
 * an enquiry it sees. A collaborator of the agency marks only the enquiries they see (their own).
 */
export async function attendConsulta(app: AuthenticatedApp, adminMail: string, sid: string, input: AtencionInput): Promise<Consulta> {
  const db = await getDb();
  const visible = await registeredAgencia(db, app.id, adminMail);
  if (!visible) throw new NotFound();
  const row = await findConsulta(db, visible, sid);
  if (!row) throw new NotFound();
  const [operador] = await db
    .select({ administrador: operadores.esAdministrador })
    .from(operadores)
    .where(and(eq(operadores.agenciaId, visible.agencia.id), eq(operadores.email, input.Por)));
  if (operador && !operador.administrador && row.operadorResponsable !== input.Por) {
    throw forbiddenProblem(`${input.Por} es colaborador de la agencia y no ve esta consulta: no puede marcarla.`);
  }
  const atencion = await db.transaction(async (tx) => {
    const mark = await storeMark(tx, app.id, row, input);
    // The summaries of the agency count this mark (decisions 0053).
    await tx.execute(raiseRevisions(sql`(select ${row.agenciaId}::text as agencia_id) as marcada`));
    return mark;
  });
  return presentConsulta({ ...row, atencion }, visible.agencia.adminMail);
}
