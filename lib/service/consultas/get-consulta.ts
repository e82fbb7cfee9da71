import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Consulta, ConsultaRef } from "@/lib/api/consultas";
import { NotFound } from "@/lib/api/problem";
import { type Db, getDb } from "@/lib/db";
import { prepared } from "@/lib/db/prepared";
import { agenciaApps, agencias, consultas, consultasAtencion } from "@/lib/db/schema";
import type { Visible } from "@/lib/service/agencias/relation";
import type { AuthenticatedApp } from "@/lib/service/apps/find-app";
import { atencionColumns, atencionOf, type ConsultaRow, type PresentedRow, presentConsulta } from "./present-consulta";
import { visibleEnquiries, visibleTo } from "./visibility";

/** The enquiry when the app sees it (docs/contract.md#visibility), with the app's mark on it. */
export async function findConsulta(db: Db, visible: Visible, sid: string): Promise<(ConsultaRow & PresentedRow) | undefined> {
  const [row] = await db
    .select({ consulta: consultas, atencion: atencionColumns })
    .from(consultas)
    .leftJoin(consultasAtencion, atencionOf(visible.relation.appId))
    .where(and(eq(consultas.sid, sid), visibleTo(visible)));
  return row && { ...row.consulta, atencion: row.atencion };
}

/**
 * The detail's one query: the agency, its relation with the app and the enquiry together (404 when
 * any is missing, one answer for all). Prepared once per database handle: the detail is the API's
 * most frequent read, and building the statement cost more than running it (docs/performance.md).
 */
function prepareDetail(db: Db, name: string) {
  const appId = sql.placeholder("appId");
  return db
    .select({ consulta: consultas, atencion: atencionColumns, adminMail: agencias.adminMail })
    .from(consultas)
    .innerJoin(agencias, eq(agencias.id, consultas.agenciaId))
    .innerJoin(agenciaApps, and(eq(agenciaApps.agenciaId, agencias.id), eq(agenciaApps.appId, appId)))
    .leftJoin(consultasAtencion, atencionOf(appId))
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
  return presentConsulta({ ...found.consulta, atencion: found.atencion }, found.adminMail, form);
}
