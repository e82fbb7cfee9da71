import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { prepared } from "@/lib/db/prepared";
import { agenciaApps, agencias, consultas, consultasAtencion } from "@/lib/db/schema";
import type { Visible } from "@/lib/service/agencias/relation";
import { atencionColumns, atencionOf } from "./columns";
import { visibleEnquiries, visibleTo } from "./visibility";

/**
 * The detail's one query: the agency, its relation with the app and the enquiry together (no row
 * when any is missing). Prepared once per database handle: the detail is the API's most frequent
 * read, and building the statement cost more than running it (docs/performance.md). Placeholders:
 * `appId`, `sid`, `adminMail` (lower case).
 */
export const detailStatement = (db: Db) =>
  prepared(db, "consulta_detalle", (db, name) => {
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
  });

/** The enquiry `sid` when the app sees it in the agency (docs/contract.md#visibility), with the app's mark on it. */
export const visibleEnquiry = (db: Db, visible: Visible, sid: string) =>
  db
    .select({ consulta: consultas, atencion: atencionColumns })
    .from(consultas)
    .leftJoin(consultasAtencion, atencionOf(visible.relation.appId))
    .where(and(eq(consultas.sid, sid), visibleTo(visible)));
