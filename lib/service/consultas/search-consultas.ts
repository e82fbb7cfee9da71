import "server-only";
import { and, count, desc, eq, gte, lte, type SQL, sql } from "drizzle-orm";
import { CONSULTAS_PATH, type ConsultasDeAgencias, type ConsultasRef, PER_PAGINA, type SearchConsultasFilters } from "@/lib/api/consultas";
import { searchWords } from "@/lib/api/limites";
import { type Db, getDb } from "@/lib/db";
import { prepared } from "@/lib/db/prepared";
import { agenciaApps, agencias, consultas, consultasAtencion, consultasTerminos } from "@/lib/db/schema";
import type { AuthenticatedApp } from "@/lib/service/apps/find-app";
import { listEnvelope } from "./list-envelope";
import { attendedIs } from "./list-shape";
import { periodOf } from "./period";
import { atencionColumns, atencionOf, presentConsulta, presentedColumns } from "./present-consulta";
import { matchingEnquiries, onPage, pageOfMatches, pageTotal } from "./search-matches";
import { termParams } from "./search-terms";
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
 * A page of the search with its Total, and the Total alone for a page past the end (which has no row
 * to carry it): prepared once per number of terms and mark filter.
 */
function searchStatements(db: Db, terms: number, atendida: boolean | undefined) {
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

/** GET /v3/consultas?q= (extension, docs/decisions/0040): one page of what the app sees in all its agencies. */
export async function searchConsultas(
  app: AuthenticatedApp,
  filters: SearchConsultasFilters,
  form: "entry" | "ref",
): Promise<ConsultasDeAgencias | ConsultasRef> {
  // Planned for its terms, as a list with `q` (list-consultas.ts).
  const db = await getDb();
  const terms = searchWords(filters.q);
  const { from, to } = periodOf(filters);
  const pagina = filters.pagina ?? 1;
  const statements = searchStatements(db, terms.length, filters.atendida);
  const params = { app: app.id, from, to, offset: (pagina - 1) * PER_PAGINA, ...termParams(terms) };
  const rows = await statements.page.execute(params);
  const total = rows[0]?.total ?? (await statements.total.execute(params))[0]?.total ?? 0;
  const query = { q: filters.q, atendida: filters.atendida?.toString(), desde: filters.desde, hasta: filters.hasta };
  const envelope = listEnvelope(CONSULTAS_PATH, query, { from, to, pagina, total });
  if (form === "ref") return { ...envelope, _entries: rows.map((row) => presentConsulta(row, row.adminMail, "ref")) };
  return { ...envelope, _entries: rows.map((row) => ({ ...presentConsulta(row, row.adminMail), AdminMail: row.adminMail })) };
}
