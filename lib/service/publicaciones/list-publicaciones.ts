import "server-only";
import { and, desc, eq, gte, inArray, type SQL, sql } from "drizzle-orm";
import { PER_PAGINA } from "@/lib/api/limites";
import { fieldProblem } from "@/lib/api/problem";
import type { ListPublicacionesFilters, Publicaciones, PublicacionesRef } from "@/lib/api/publicaciones";
import { publicacionesPath } from "@/lib/api/publicaciones";
import { type Db, getDb } from "@/lib/db";
import { type Nivel, operadores, publicaciones } from "@/lib/db/schema";
import type { Visible } from "@/lib/service/agencias/relation";
import type { AuthenticatedApp } from "@/lib/service/apps/find-app";
import { pageEnvelope } from "@/lib/service/consultas/envelope";
import { registeredAgency } from "./listing";
import { type PublicacionRow, presentMany, presentRef } from "./present-publicacion";

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
  const operador = await operatorFilter(db, visible, filters.operador);
  const pagina = filters.pagina ?? 1;
  const { rows, total } = await readPage(db, conditions(visible, app.id, filters, operador), pagina);
  const written = new URL(self, "http://localhost").searchParams;
  const base = publicacionesPath(visible.agencia.adminMail);
  const kept = Object.fromEntries(KEPT.map((name) => [name, written.get(name) ?? undefined]));
  const mail = visible.agencia.adminMail;
  const envelope = pageEnvelope(base, kept, { pagina, total }, { publicacion: `${base}/{externalId}` });
  if (form === "ref") return { ...envelope, _entries: rows.map((row) => presentRef(row, mail)) };
  return { ...envelope, _entries: await presentMany(db, rows, () => mail) };
}
