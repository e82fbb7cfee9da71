import "server-only";
import { and, eq } from "drizzle-orm";
import type { AtencionInput, Consulta } from "@/lib/api/consultas";
import { forbiddenProblem, NotFound } from "@/lib/api/problem";
import { getDb } from "@/lib/db";
import { operadores } from "@/lib/db/schema";
import { registeredAgencia } from "@/lib/service/agencias/relation";
import type { AuthenticatedApp } from "@/lib/service/apps/find-app";
import { findConsulta } from "./get-consulta";
import { presentConsulta } from "./present-consulta";
import { storeMark } from "./write/mark";

/**
 * PUT /v3/consultas/{adminMail}/{sid}/atencion (putConsultaAtencion, extension, docs/decisions/0041):
 * the app's mark on an enquiry it sees. A collaborator of the agency marks only the enquiries they
 * see (their own).
 */
export async function putConsultaAtencion(app: AuthenticatedApp, adminMail: string, sid: string, input: AtencionInput): Promise<Consulta> {
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
  const atencion = await storeMark(db, app.id, row, input);
  return presentConsulta({ ...row, atencion }, visible.agencia.adminMail);
}
