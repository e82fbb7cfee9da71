import "server-only";
import { and, desc, eq, gte, inArray, type SQL, sql } from "drizzle-orm";
import { PER_PAGINA } from "@/lib/api/limites";
import { fieldProblem, NotFound } from "@/lib/api/problem";
import type { ListPublicacionesFilters, Publicacion, Publicaciones, PublicacionesRef, PublicacionRef } from "@/lib/api/publicaciones";
import { publicacionesPath } from "@/lib/api/publicaciones";
import { type Db, getDb, getPlanOnceDb } from "@/lib/db";
import { prepared } from "@/lib/db/prepared";
import {
  agenciaApps,
  agencias,
  consultasRevisiones,
  type Nivel,
  operadores,
  publicaciones,
  publicacionesRevisiones,
} from "@/lib/db/schema";
import { config } from "@/lib/env";
import type { AuthenticatedApp } from "@/lib/service/apps/find-app";
import { answerCache } from "@/lib/service/consultas/cache";
import { pageEnvelope } from "@/lib/service/consultas/envelope";
import { dayOf } from "@/lib/time";
import { countedSince, type PublicacionRow, presentMany, presentRef } from "./present-publicacion";

/** The agency registered with the app, as the list needs it. */
type Agency = { id: string; adminMail: string };

/** The filters a page's links keep, as the caller wrote them. */
const KEPT = ["estado", "exposicion", "operador", "q", "modificadaDesde"] as const;

/** `%`, `_` and `\` stand for themselves in a search, not for LIKE's wildcards. */
const escapeLike = (word: string) => word.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * Each word of `q` begins one of the listing's terms (decisions 0070): the stored " term term … "
 * holds ` word` then. Folded like the terms, by the database.
 */
const matchesWords = (q: string) =>
  q
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => sql`${publicaciones.busqueda} like '% ' || consultas_plegar(${escapeLike(word)}) || '%'`);

/** The operator whose listings are asked for: the administrator sees all; someone else is a 400. */
async function operatorFilter(db: Db, agency: Agency, operador: string | undefined): Promise<SQL | undefined> {
  if (operador === undefined || operador === agency.adminMail) return undefined;
  const [known] = await db
    .select({ email: operadores.email })
    .from(operadores)
    .where(and(eq(operadores.agenciaId, agency.id), eq(operadores.email, operador)));
  if (!known) throw fieldProblem("operador", `${operador} no es operador de la agencia.`);
  return eq(publicaciones.operadorResponsable, operador);
}

function conditions(agency: Agency, appId: string, filters: ListPublicacionesFilters, operador: SQL | undefined) {
  const estados = filters.estado ? [filters.estado] : ["activa", "suspendida"];
  const nivel = filters.exposicion && ((filters.exposicion.charAt(0).toUpperCase() + filters.exposicion.slice(1)) as Nivel);
  return and(
    eq(publicaciones.agenciaId, agency.id),
    eq(publicaciones.appId, appId),
    inArray(publicaciones.estado, estados),
    nivel ? and(eq(publicaciones.estado, "activa"), eq(publicaciones.exposicion, nivel)) : undefined,
    operador,
    filters.modificadaDesde ? gte(publicaciones.modificada, filters.modificadaDesde) : undefined,
    ...(filters.q ? matchesWords(filters.q) : []),
  );
}

/**
 * One page and the Total of its filters, side by side: the page walks the list's index newest change
 * first and stops after its rows; the Total counts narrow rows. A window count on the page's
 * statement made it read, keep and sort every matching listing whole (10,000 rows, most of them
 * `jsonb`) for each page (docs/performance.md).
 */
async function readPage(db: Db, where: SQL | undefined, pagina: number): Promise<{ rows: PublicacionRow[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(publicaciones)
      .where(where)
      .orderBy(desc(publicaciones.modificada), desc(publicaciones.id))
      .limit(PER_PAGINA)
      .offset((pagina - 1) * PER_PAGINA),
    db.select({ total: sql<number>`count(*)::int` }).from(publicaciones).where(where),
  ]);
  return { rows, total: Number(counted?.total ?? 0) };
}

/**
 * The agency registered with the app under that AdminMail (none: 404) and what a page's entries
 * depend on, as one number (decision 0124): the agency's listings revision (raised by the database
 * with every change of a listing or its photos) plus its enquiries revision (every enquiry stored
 * and every mark: the entries' Consultas counts; the sum of its slots, decision 0129). Both only rise, so their sum is the same exactly
 * when neither changed. One prepared statement, planned once, as the enquiry list's (decision 0130);
 * an agency without revision rows, 0.
 */
async function readAgencyRevision(planOnce: Db, appId: string, adminMail: string): Promise<Agency & { revision: string }> {
  const statement = prepared(planOnce, "publicaciones_agencia_revision", (db, name) => {
    const of = (table: typeof publicacionesRevisiones | typeof consultasRevisiones) =>
      sql`coalesce((select sum(${table.revision}) from ${table} where ${table.agenciaId} = ${agencias.id}), 0)`;
    return db
      .select({
        id: agencias.id,
        adminMail: agencias.adminMail,
        revision: sql<string>`(${of(publicacionesRevisiones)} + ${of(consultasRevisiones)})::text`,
      })
      .from(agencias)
      .innerJoin(
        agenciaApps,
        and(eq(agenciaApps.agenciaId, agencias.id), eq(agenciaApps.appId, sql.placeholder("app")), eq(agenciaApps.estado, "registrada")),
      )
      .where(eq(agencias.adminMail, sql.placeholder("adminMail")))
      .prepare(name);
  });
  const [found] = await statement.execute({ app: appId, adminMail: adminMail.toLowerCase() });
  if (!found) throw new NotFound();
  return found;
}

type Page<Entry> = { total: number; entries: Entry[] };

/** Pages presented, one cache per form, under their app, agency, filters, number and enquiries' first day (decision 0124). */
const entryPages = answerCache<Page<Publicacion>>(200);
const refPages = answerCache<Page<PublicacionRef>>(200);

/**
 * A page and its Total, from the cache of answers (decision 0124, as the enquiry list's, decision
 * 0112): while the agency's revision is the one a page was read at, the page is the answer; else it
 * is read and presented again. The revision was read first: a change committed after it raises it,
 * so the next request reads again.
 */
async function readPresentedPage<Entry>(
  db: Db,
  agency: Agency & { revision: string },
  appId: string,
  filters: ListPublicacionesFilters,
  kept: (key: string, revision: string, read: () => Promise<Page<Entry>>) => Promise<Page<Entry>>,
  present: (rows: PublicacionRow[], adminMail: string) => Promise<Entry[]> | Entry[],
): Promise<Page<Entry>> {
  const operador = await operatorFilter(db, agency, filters.operador);
  const pagina = filters.pagina ?? 1;
  const since = dayOf(countedSince(), config().timeZone);
  const key = JSON.stringify([appId, agency.id, agency.adminMail, filters, pagina, since]);
  return kept(key, agency.revision, async () => {
    const { rows, total } = await readPage(db, conditions(agency, appId, filters, operador), pagina);
    return { total, entries: await present(rows, agency.adminMail) };
  });
}

/** A page with its envelope, as answered to the query written so (its links keep the filters as written). */
type Answer = Publicaciones | PublicacionesRef;
const WRITINGS_PER_PAGE = 16;
const answers = new WeakMap<Page<unknown>, Map<string, Answer>>();

/**
 * The answer of a kept page to a query written so: made once and answered again while the page is
 * kept (the same object, so the kernel serialises and tags it once, `okKept`, decision 0130). At
 * most a few ways of writing the page's query are kept; more empty the page's answers first.
 */
function answerOf(page: Page<Publicacion | PublicacionRef>, written: string, make: () => Answer): Answer {
  let byWriting = answers.get(page);
  if (!byWriting || byWriting.size >= WRITINGS_PER_PAGE) {
    byWriting = new Map();
    answers.set(page, byWriting);
  }
  let answer = byWriting.get(written);
  if (!answer) {
    answer = make();
    byWriting.set(written, answer);
  }
  return answer;
}

/**
 * GET /v3/publicaciones/{adminMail}: a page of the app's listings of the agency, the latest changed
 * first. While the agency's revision stays, one statement (the agency and its revision) and the
 * answer kept for the page (decision 0130).
 */
export async function listPublicaciones(
  app: AuthenticatedApp,
  adminMail: string,
  filters: ListPublicacionesFilters,
  self: string,
  form: "entry" | "ref",
): Promise<Answer> {
  const [db, planOnce] = await Promise.all([getDb(), getPlanOnceDb()]);
  const agency = await readAgencyRevision(planOnce, app.id, adminMail);
  const written = new URL(self, "http://localhost").searchParams;
  const kept = Object.fromEntries(KEPT.map((name) => [name, written.get(name) ?? undefined]));
  const answer = (page: Page<Publicacion | PublicacionRef>) =>
    answerOf(page, JSON.stringify(kept), () => {
      const base = publicacionesPath(agency.adminMail);
      const envelope = pageEnvelope(
        base,
        kept,
        { pagina: filters.pagina ?? 1, total: page.total },
        { publicacion: `${base}/{externalId}` },
      );
      return { ...envelope, _entries: page.entries } as Answer;
    });
  if (form === "ref") {
    return answer(await readPresentedPage(db, agency, app.id, filters, refPages, (rows, mail) => rows.map((row) => presentRef(row, mail))));
  }
  return answer(await readPresentedPage(db, agency, app.id, filters, entryPages, (rows, mail) => presentMany(db, rows, () => mail)));
}
