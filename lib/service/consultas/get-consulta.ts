import "server-only";
import { and, eq } from "drizzle-orm";
import type { Consulta, ConsultaRef } from "@/lib/api/consultas";
import { type Db, getDb } from "@/lib/db";
import { consultas } from "@/lib/db/schema";
import { NotFound } from "@/lib/http/problem";
import type { Visible } from "@/lib/service/agencias/relation";
import type { AuthenticatedApp } from "@/lib/service/apps/find-app";
import { type ConsultaRow, presentConsulta } from "./present-consulta";
import { registeredAgencia, visibleTo } from "./visibility";

/** The enquiry when the app sees it (decisions §8). */
export async function findConsulta(db: Db, visible: Visible, sid: string): Promise<ConsultaRow | undefined> {
  const [row] = await db
    .select()
    .from(consultas)
    .where(and(eq(consultas.sid, sid), visibleTo(visible)));
  return row;
}

/** GET /v3/consultas/{adminMail}/{sid}: 404 when the agency or the enquiry does not exist for the app. */
export async function getConsulta(
  app: AuthenticatedApp,
  adminMail: string,
  sid: string,
  form: "entry" | "ref",
): Promise<Consulta | ConsultaRef> {
  const db = await getDb();
  const visible = await registeredAgencia(db, app.id, adminMail);
  if (!visible) throw new NotFound();
  const row = await findConsulta(db, visible, sid);
  if (!row) throw new NotFound();
  return presentConsulta(row, visible.agencia.adminMail, form);
}
