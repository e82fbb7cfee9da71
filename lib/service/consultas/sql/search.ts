import "server-only";
import { and, count, desc, eq, gte, lte, type SQL, sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { prepared } from "@/lib/db/prepared";
import { agenciaApps, agencias, consultas, consultasAtencion, consultasTerminos } from "@/lib/db/schema";
import { atencionColumns, atencionOf, presentedColumns } from "./columns";
import { matchingEnquiries, onPage, pageOfMatches, pageTotal } from "./matches";
import { attendedIs } from "./shape";
import { visibleEnquiries } from "./visibility";

/**
 * The enquiries the app sees in every agency registered with it (docs/contract.md#visibility: its own listings',
 * and catalogue enquiries where the agency shares them), in the period, holding every term: each
 * agency's range of the terms' index, joined through the app's relations.
 */
function searchMatches(terms: number, atendida: boolean | undefined): SQL {
  const app = sql.placeholder("app");
  const conditions = and(
    eq(agenciaApps.appId, app),
    eq(agenciaApps.estado, "registrada"),
    visibleEnquiries(agenciaApps.agenciaId, app, eq(agenciaApps.compartirCatalogo, true), consultasTerminos),
    gte(consultasTerminos.momento, sql.placeholder("from")),
    lte(consultasTerminos.momento, sql.placeholder("to")),
  ) as SQL;
  return matchingEnquiries(terms, conditions, { from: sql`${agenciaApps}`, narrow: attendedIs(atendida, app, sql`m.sid`) });
}

/**
 * The search in all the app's agencies (GET /v3/consultas?q=): a page with its Total, and the Total
 * alone for a page past the end (which has no row to carry it), prepared once per number of terms
 * and mark filter. Placeholders: `app`, `from`, `to`, `offset` and the terms' (termParams).
 */
export function searchStatements(db: Db, terms: number, atendida: boolean | undefined) {
  const shape = `${terms}${atendida === undefined ? "" : `_${Number(atendida)}`}`;
  return prepared(db, `consultas_busqueda_${shape}`, (db, name) => {
    const matches = searchMatches(terms, atendida);
    return {
      page: db
        .select({ ...presentedColumns, atencion: atencionColumns, adminMail: agencias.adminMail, total: pageTotal })
        .from(consultas)
        .innerJoin(pageOfMatches(matches), onPage)
        .innerJoin(agencias, eq(agencias.id, consultas.agenciaId))
        .leftJoin(consultasAtencion, atencionOf(sql.placeholder("app")))
        .orderBy(desc(consultas.momento), desc(consultas.sid))
        .prepare(`${name}_pagina`),
      total: db.select({ total: count() }).from(sql`(${matches}) as m`).prepare(`${name}_total`),
    };
  });
}
