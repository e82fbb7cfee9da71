import "server-only";
import { type Consultas, type ConsultasRef, consultasPath, type ListConsultasFilters, PER_PAGINA } from "@/lib/api/consultas";
import { type Db, getDb, getPlanOnceDb } from "@/lib/db";
import { config } from "@/lib/env";
import type { AuthenticatedApp } from "@/lib/service/apps/find-app";
import { counterHours, dayOf } from "@/lib/time";
import { answerCache, readRevision } from "./cache";
import { listEnvelope } from "./envelope";
import { type ListFacts, listScope, readWithCurrentFacts } from "./facts";
import { periodOf } from "./period";
import { presentConsulta } from "./present-consulta";
import { countConsultas } from "./sql/count";
import { pageStatement, searchPageStatement } from "./sql/page";
import { type ListParams, type ListShape, shapeName } from "./sql/shape";

/** A search's placeholders but the period's, which is taken after the agency's revision is read. */
type SearchParams = Omit<ListParams, "from" | "to">;

/** A page counts its matches itself; a page past the end has no row to say it, so that one counts them apart. */
async function readMatches(db: Db, shape: ListShape, params: ListParams & { offset: number }) {
  const rows = await searchPageStatement(db, shape).execute(params);
  const [first] = rows;
  const count = first ? { total: first.total, factsTrue: first.factsTrue } : await countConsultas(db, shape, params);
  return { rows, ...count };
}

type SearchPage = Awaited<ReturnType<typeof readMatches>>;

/** Pages whose facts were true, under their search, filters, period and number. */
const searchPages = answerCache<SearchPage>(200, (page) => page.factsTrue);

/**
 * A page of a search and its Total, from the cache of answers (decisions 0053): the same search,
 * filters, period and page read again while the agency received no enquiry and no mark reads only
 * the revision (and whether its facts are true), not the thousands of index entries a common term
 * has. The revision is read before the period's `now` is taken, as for the summary.
 */
async function readSearchPage(db: Db, facts: ListFacts, shape: ListShape, params: SearchParams, filters: ListConsultasFilters) {
  const state = await readRevision(db, facts);
  const { from, to } = periodOf(filters);
  if (!state.factsTrue) return { rows: [], total: 0, factsTrue: false, from, to };
  const offset = ((filters.pagina ?? 1) - 1) * PER_PAGINA;
  const key = JSON.stringify([shapeName("", shape), params, from.getTime(), dayOf(to, config().timeZone), offset]);
  const page = await searchPages(key, state.revision, () => readMatches(db, shape, { ...params, from, to, offset }));
  return { ...page, from, to };
}

/**
 * A page and its Total as the facts say; `factsTrue` false when the facts were no longer true. Both
 * statements are written to plan well without their values, and run planned once (decisions 0018).
 */
async function readPage(db: Db, facts: ListFacts, filters: ListConsultasFilters) {
  const pagina = filters.pagina ?? 1;
  const { shape, values } = listScope(facts, filters);
  if (shape.terminos > 0) return readSearchPage(db, facts, shape, values, filters);
  const { from, to } = periodOf(filters);
  const params = { ...values, from, to };
  const offset = (pagina - 1) * PER_PAGINA;
  const { firstHour, hourAfter } = counterHours(from, to);
  // Counters help from page 2 on, when the period holds whole hours; an externalid's enquiries are
  // few, and the counters know nothing of a search or of the marks.
  // PGlite plans every statement afresh: there the seek's plan costs more than the walk it saves
  // (page 99 at 200,000 enquiries: 11.7 ms with it, 5.0 without), so the embedded database walks.
  const seek = !config().embedded && pagina > 1 && !shape.externalId && shape.atendida === undefined && hourAfter > firstHour;
  const [rows, count] = await Promise.all([
    pageStatement(db, shape, seek).execute({ ...params, offset, firstHour, hourAfter }),
    countConsultas(db, shape, params),
  ]);
  return { rows, ...count, from, to };
}

/** GET /v3/consultas/{adminMail} (listConsultas): one page of the enquiries the app (and the operador) sees. */
export async function listConsultas(
  app: AuthenticatedApp,
  adminMail: string,
  filters: ListConsultasFilters,
  form: "entry" | "ref",
): Promise<Consultas | ConsultasRef> {
  const [db, planOnce] = await Promise.all([getDb(), getPlanOnceDb()]);
  // A search's best plan depends on its terms (how many entries of the terms' index each one
  // begins), so PostgreSQL plans it for them (docs/decisions/0040, 0051).
  const planned = filters.q ? db : planOnce;
  const { facts, result: read } = await readWithCurrentFacts(db, app.id, adminMail, filters.operador, (facts) =>
    readPage(planned, facts, filters),
  );
  const base = consultasPath(facts.adminMail);
  const query = {
    operador: filters.operador,
    externalid: filters.externalid,
    q: filters.q,
    atendida: filters.atendida?.toString(),
    desde: filters.desde,
    hasta: filters.hasta,
  };
  const envelope = listEnvelope(
    base,
    query,
    { from: read.from, to: read.to, pagina: filters.pagina ?? 1, total: read.total },
    { consulta: `${base}/{sid}` },
  );
  if (form === "ref") return { ...envelope, _entries: read.rows.map((row) => presentConsulta(row, facts.adminMail, "ref")) };
  return { ...envelope, _entries: read.rows.map((row) => presentConsulta(row, facts.adminMail)) };
}
