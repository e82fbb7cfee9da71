import "server-only";
import { and, desc, eq, gte, inArray, type SQL, sql } from "drizzle-orm";
import { PER_PAGINA } from "@/lib/api/limites";
import { fieldProblem } from "@/lib/api/problem";
import type { ListPublicacionesFilters, Publicacion, Publicaciones, PublicacionesRef, PublicacionRef } from "@/lib/api/publicaciones";
import { publicacionesPath } from "@/lib/api/publicaciones";
import { type Db, getDb } from "@/lib/db";
import { prepared } from "@/lib/db/prepared";
import { consultasRevisiones, type Nivel, operadores, publicaciones, publicacionesRevisiones } from "@/lib/db/schema";
import { config } from "@/lib/env";
import type { Visible } from "@/lib/service/agencias/relation";
import type { AuthenticatedApp } from "@/lib/service/apps/find-app";
import { answerCache } from "@/lib/service/consultas/cache";
import { pageEnvelope } from "@/lib/service/consultas/envelope";
import { dayOf } from "@/lib/time";
import { registeredAgency } from "./listing";
import { countedSince, type PublicacionRow, presentMany, presentRef } from "./present-publicacion";

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
async function operatorFilter(db: Db, visible: Visible, operador: string | undefined): Promise<SQL | undefined> {
  if (operador === undefined || operador === visible.agencia.adminMail) return undefined;
  const [known] = await db
    .select({ email: operadores.email })
    .from(operadores)
    .where(and(eq(operadores.agenciaId, visible.agencia.id), eq(operadores.email, operador)));
  if (!known) throw fieldProblem("operador", `${operador} no es operador de la agencia.`);
  return eq(publicaciones.operadorResponsable, operador);
}

function conditions(visible: Visible, appId: string, filters: ListPublicacionesFilters, operador: SQL | undefined) {
  const estados = filters.estado ? [filters.estado] : ["activa", "suspendida"];
  const nivel = filters.exposicion && ((filters.exposicion.charAt(0).toUpperCase() + filters.exposicion.slice(1)) as Nivel);
  return and(
    eq(publicaciones.agenciaId, visible.agencia.id),
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
 * What a page's entries depend on, as one number (decision 0124): the agency's listings revision
 * (raised by the database with every change of a listing or its photos) plus its enquiries revision
 * (every enquiry stored and every mark: the entries' Consultas counts; the sum of its slots, decision
 * 0129). Both only rise, so their sum is the same exactly when neither changed. One prepared
 * statement; an agency without rows, 0.
 */
async function readRevision(db: Db, agenciaId: string): Promise<string> {
  const statement = prepared(db, "publicaciones_revision", (db, name) => {
    const of = (table: typeof publicacionesRevisiones | typeof consultasRevisiones) =>
      sql`coalesce((select sum(${table.revision}) from ${table} where ${table.agenciaId} = ${sql.placeholder("agencia")}), 0)`;
    return db
      .select({ revision: sql<string>`(${of(publicacionesRevisiones)} + ${of(consultasRevisiones)})::text` })
      .from(sql`(select 1) as uno`)
      .prepare(name);
  });
  const [state] = await statement.execute({ agencia: agenciaId });
  return state?.revision ?? "0";
}

type Page<Entry> = { total: number; entries: Entry[] };

/** Pages presented, one cache per form, under their app, agency, filters, number and enquiries' first day (decision 0124). */
const entryPages = answerCache<Page<Publicacion>>(200);
const refPages = answerCache<Page<PublicacionRef>>(200);

/**
 * A page and its Total, from the cache of answers (decision 0124, as the enquiry list's, decision
 * 0112): while the agency's revision is the one a page was read at, the page is the answer; else it
 * is read and presented again. The revision is read first: a change committed after it raises it,
 * so the next request reads again.
 */
async function readPresentedPage<Entry>(
  db: Db,
  visible: Visible,
  appId: string,
  filters: ListPublicacionesFilters,
  kept: (key: string, revision: string, read: () => Promise<Page<Entry>>) => Promise<Page<Entry>>,
  present: (rows: PublicacionRow[], adminMail: string) => Promise<Entry[]> | Entry[],
): Promise<Page<Entry>> {
  const operador = await operatorFilter(db, visible, filters.operador);
  const pagina = filters.pagina ?? 1;
  const mail = visible.agencia.adminMail;
  const revision = await readRevision(db, visible.agencia.id);
  const since = dayOf(countedSince(), config().timeZone);
  const key = JSON.stringify([appId, visible.agencia.id, mail, filters, pagina, since]);
  return kept(key, revision, async () => {
    const { rows, total } = await readPage(db, conditions(visible, appId, filters, operador), pagina);
    return { total, entries: await present(rows, mail) };
  });
}

/** GET /v3/publicaciones/{adminMail}: a page of the app's listings of the agency, the latest changed first. */
export async function listPublicaciones(
  app: AuthenticatedApp,
  adminMail: string,
  filters: ListPublicacionesFilters,
  self: string,
  form: "entry" | "ref",
): Promise<Publicaciones | PublicacionesRef> {
  const db = await getDb();
  const visible = await registeredAgency(db, app.id, adminMail);
  const written = new URL(self, "http://localhost").searchParams;
  const base = publicacionesPath(visible.agencia.adminMail);
  const kept = Object.fromEntries(KEPT.map((name) => [name, written.get(name) ?? undefined]));
  const envelope = (total: number) =>
    pageEnvelope(base, kept, { pagina: filters.pagina ?? 1, total }, { publicacion: `${base}/{externalId}` });
  if (form === "ref") {
    const page = await readPresentedPage(db, visible, app.id, filters, refPages, (rows, mail) => rows.map((row) => presentRef(row, mail)));
    return { ...envelope(page.total), _entries: page.entries };
  }
  const page = await readPresentedPage(db, visible, app.id, filters, entryPages, (rows, mail) => presentMany(db, rows, () => mail));
  return { ...envelope(page.total), _entries: page.entries };
}
