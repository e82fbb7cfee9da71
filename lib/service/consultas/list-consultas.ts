import "server-only";
import {
  type Consulta,
  type ConsultaRef,
  type Consultas,
  type ConsultasRef,
  consultasPath,
  type ListConsultasFilters,
  PER_PAGINA,
} from "@/lib/api/consultas";
import { type Db, getDb, getPlanOnceDb } from "@/lib/db";
import { config } from "@/lib/env";
import type { AuthenticatedApp } from "@/lib/service/apps/find-app";
import { counterHours, dayOf } from "@/lib/time";
import { answerCache, readRevision } from "./cache";
import { listEnvelope } from "./envelope";
import { type ListFacts, listScope, readWithCurrentFacts } from "./facts";
import { periodOf } from "./period";
import { type PresentedRow, presentConsulta } from "./present-consulta";
import { countConsultas } from "./sql/count";
import { pageStatement, searchPageStatement } from "./sql/page";
import { type ListParams, type ListShape, shapeName } from "./sql/shape";

/** A search's page counts its matches itself; a page past the end has no row to say it, so that one counts them apart. */
async function readMatches(db: Db, shape: ListShape, params: ListParams & { offset: number }) {
  const rows = await searchPageStatement(db, shape).execute(params);
  const [first] = rows;
  const count = first ? { total: first.total, factsTrue: first.factsTrue } : await countConsultas(db, shape, params);
  return { rows, ...count };
}

/**
 * A page of the list without a search and its Total. Both statements are written to plan well
 * without their values, and run planned once (decisions 0018).
 */
async function readListPage(db: Db, shape: ListShape, params: ListParams & { offset: number }, pagina: number) {
  const { firstHour, hourAfter } = counterHours(params.from, params.to);
  // Counters help from page 2 on, when the period holds whole hours; an externalid's enquiries are
  // few, and the counters know nothing of a search or of the marks.
  // PGlite plans every statement afresh: there the seek's plan costs more than the walk it saves
  // (page 99 at 200,000 enquiries: 11.7 ms with it, 5.0 without), so the embedded database walks.
  const seek = !config().embedded && pagina > 1 && !shape.externalId && shape.atendida === undefined && hourAfter > firstHour;
  const [rows, count] = await Promise.all([
    pageStatement(db, shape, seek).execute({ ...params, firstHour, hourAfter }),
    countConsultas(db, shape, params),
  ]);
  return { rows, ...count };
}

type Page = Awaited<ReturnType<typeof readMatches>> | Awaited<ReturnType<typeof readListPage>>;

/** Pages whose facts were true, under their filters, search, period and number. */
const pages = answerCache<Page>(200, (page) => page.factsTrue);

/**
 * A page and its Total, from the cache of answers (decisions 0053, 0112): the same filters, search,
 * period and page read again while the agency received no enquiry and no mark reads only the
 * revision (and whether its facts are true), not the page's rows, its Total and their
 * presentation's inputs again. The revision is read before the period's `now` is taken, as for the
 * summary. `factsTrue` false when the facts were no longer true.
 */
async function readPage(db: Db, facts: ListFacts, filters: ListConsultasFilters) {
  const pagina = filters.pagina ?? 1;
  const { shape, values } = listScope(facts, filters);
  const state = await readRevision(db, facts);
  const { from, to } = periodOf(filters);
  if (!state.factsTrue) return { rows: [], total: 0, factsTrue: false, from, to };
  const params = { ...values, from, to, offset: (pagina - 1) * PER_PAGINA };
  const key = JSON.stringify([shapeName("", shape), values, from.getTime(), dayOf(to, config().timeZone), params.offset]);
  const page = await pages(key, state.revision, () =>
    shape.terminos > 0 ? readMatches(db, shape, params) : readListPage(db, shape, params, pagina),
  );
  return { ...page, from, to };
}

/** The entries of each kept page, presented once per form: a kept page's rows never change (decision 0112). */
const presentedEntries = new WeakMap<readonly PresentedRow[], Consulta[]>();
const presentedRefs = new WeakMap<readonly PresentedRow[], ConsultaRef[]>();

function presentedOnce<Entry>(
  presented: WeakMap<readonly PresentedRow[], Entry[]>,
  rows: readonly PresentedRow[],
  present: (row: PresentedRow) => Entry,
): Entry[] {
  let entries = presented.get(rows);
  if (!entries) {
    entries = rows.map(present);
    presented.set(rows, entries);
  }
  return entries;
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
  if (form === "ref") {
    return { ...envelope, _entries: presentedOnce(presentedRefs, read.rows, (row) => presentConsulta(row, facts.adminMail, "ref")) };
  }
  return { ...envelope, _entries: presentedOnce(presentedEntries, read.rows, (row) => presentConsulta(row, facts.adminMail)) };
}
