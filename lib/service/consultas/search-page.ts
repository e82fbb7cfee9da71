import "server-only";
import { desc, sql } from "drizzle-orm";
import { type ListConsultasFilters, PER_PAGINA } from "@/lib/api/consultas";
import type { Db } from "@/lib/db";
import { prepared } from "@/lib/db/prepared";
import { consultas, consultasAtencion } from "@/lib/db/schema";
import { config } from "@/lib/env";
import { dayOf } from "@/lib/time";
import { countConsultas } from "./count-consultas";
import type { ListFacts } from "./list-facts";
import { factsHold, type ListParams, type ListShape, listMatches, shapeName } from "./list-shape";
import { periodOf } from "./period";
import { atencionColumns, atencionOf, presentedColumns } from "./present-consulta";
import { keptUnderRevision, revisionState } from "./revision";
import { onPage, pageOfMatches, pageTotal } from "./search-matches";

/** A search's placeholders but the period's, which is taken after the agency's revision is read. */
type SearchParams = Omit<ListParams, "from" | "to">;

/** A page of a search (`q`) with its Total and whether the facts held, in one statement. */
function searchPageStatement(db: Db, shape: ListShape) {
  return prepared(db, shapeName("consultas_busqueda_pagina", shape), (db, name) => {
    return db
      .select({ ...presentedColumns, atencion: atencionColumns, total: pageTotal, vigente: sql<boolean>`${factsHold(shape)}` })
      .from(consultas)
      .innerJoin(pageOfMatches(listMatches(shape)), onPage)
      .leftJoin(consultasAtencion, atencionOf(sql.placeholder("app")))
      .orderBy(desc(consultas.momento), desc(consultas.sid))
      .prepare(name);
  });
}

/** A page counts its matches itself; a page past the end has no row to say it, so that one counts them apart. */
async function readMatches(db: Db, shape: ListShape, params: ListParams & { offset: number }) {
  const rows = await searchPageStatement(db, shape).execute(params);
  const [first] = rows;
  const count = first ? { total: first.total, vigente: first.vigente } : await countConsultas(db, shape, params);
  return { rows, ...count };
}

type SearchPage = Awaited<ReturnType<typeof readMatches>>;

/** Pages whose facts held, under their search, filters, period and number. */
const pageOnce = keptUnderRevision<SearchPage>(200, (page) => page.vigente);

/**
 * A page of a search and its Total, kept under the agency's revision (decisions 0053): the same
 * search, filters, period and page read again while the agency received no enquiry and no mark
 * reads only the revision (and whether its facts hold), not the thousands of index entries a
 * common term has. The revision is read before the period's `now` is taken, as for the summary.
 */
export async function readSearchPage(db: Db, facts: ListFacts, shape: ListShape, params: SearchParams, filters: ListConsultasFilters) {
  const state = await revisionState(db, facts);
  const { from, to } = periodOf(filters);
  if (!state.vigente) return { rows: [], total: 0, vigente: false, from, to };
  const offset = ((filters.pagina ?? 1) - 1) * PER_PAGINA;
  const key = JSON.stringify([shapeName("", shape), params, from.getTime(), dayOf(to, config().timeZone), offset]);
  const page = await pageOnce(key, state.revision, () => readMatches(db, shape, { ...params, from, to, offset }));
  return { ...page, from, to };
}
