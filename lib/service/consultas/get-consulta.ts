import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Consulta, ConsultaRef } from "@/lib/api/consultas";
import { NotFound } from "@/lib/api/problem";
import { type Db, getDb } from "@/lib/db";
import { prepared } from "@/lib/db/prepared";
import { agenciaApps, agencias, consultas } from "@/lib/db/schema";
import type { Visible } from "@/lib/service/agencias/relation";
import type { AuthenticatedApp } from "@/lib/service/apps/find-app";
import { type ConsultaRow, presentConsulta } from "./present-consulta";
import { visibleEnquiries, visibleTo } from "./visibility";

/** The enquiry when the app sees it (decisions §8). */
export async function findConsulta(db: Db, visible: Visible, sid: string): Promise<ConsultaRow | undefined> {
  const [row] = await db
    .select()
    .from(consultas)
    .where(and(eq(consultas.sid, sid), visibleTo(visible)));
  return row;
}

/**
 * The detail's one query: the agency, its relation with the app and the enquiry together (404 when
 * any is missing, one answer for all). Prepared once per database handle: the detail is the API's
 * most frequent read, and building the statement cost more than running it (docs/performance.md).
 */
function prepareDetail(db: Db, name: string) {
  const appId = sql.placeholder("appId");
  return db
    .select({ consulta: consultas, adminMail: agencias.adminMail })
    .from(consultas)
    .innerJoin(agencias, eq(agencias.id, consultas.agenciaId))
    .innerJoin(agenciaApps, and(eq(agenciaApps.agenciaId, agencias.id), eq(agenciaApps.appId, appId)))
    .where(
      and(
        eq(consultas.sid, sql.placeholder("sid")),
        eq(agencias.adminMail, sql.placeholder("adminMail")),
        eq(agenciaApps.estado, "registrada"),
        visibleEnquiries(agencias.id, appId, eq(agenciaApps.compartirCatalogo, true)),
      ),
    )
    .prepare(name);
}

/** GET /v3/consultas/{adminMail}/{sid}. */
export async function getConsulta(
  app: AuthenticatedApp,
  adminMail: string,
  sid: string,
  form: "entry" | "ref",
): Promise<Consulta | ConsultaRef> {
  const db = await getDb();
  const [found] = await prepared(db, "consulta_detalle", prepareDetail).execute({ appId: app.id, sid, adminMail: adminMail.toLowerCase() });
  if (!found) throw new NotFound();
  return presentConsulta(found.consulta, found.adminMail, form);
}
