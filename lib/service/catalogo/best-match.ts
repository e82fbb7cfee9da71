import "server-only";
import { sql } from "drizzle-orm";
import { queryRows } from "@/lib/db";
import type { CatalogoTipo } from "./load-catalogo";
import { normalizeTerm } from "./normalize";

/** Trigram similarity a typo must reach to count as a match (volksvagen ~ volkswagen is 0.57). */
export const SIMILARITY_THRESHOLD = 0.35;

export type MatchRequest = {
  tipo: CatalogoTipo;
  /** The collection's path segment, for api-urls: /v3/{resource}/{id} */
  resource: string;
  value: string;
  /** Only items of this scope (the region of a city). */
  ambito?: number;
  /** Also accept a term that merely contains the value ("part of the name"). */
  contains?: boolean;
};

function idFrom(value: string, resource: string): number | undefined {
  const id = /^\d{1,10}$/.test(value) ? value : new RegExp(`^(?:https?://[^/]+)?/v3/${resource}/(\\d{1,10})/?$`, "i").exec(value)?.[1];
  const number = id === undefined ? undefined : Number(id);
  return number !== undefined && number <= 2_147_483_647 ? number : undefined;
}

async function existingId(request: MatchRequest, id: number): Promise<number | undefined> {
  const scope = request.ambito === undefined ? sql`true` : sql`ambito = ${request.ambito}`;
  const rows = await queryRows(
    sql`select item_id from catalogo_terminos where tipo = ${request.tipo} and item_id = ${id} and ${scope} limit 1`,
  );
  return rows.length > 0 ? id : undefined;
}

/**
 * The id of the item that best fits the value: an id or api-url first, then (normalised) an exact
 * name, codename or ISO code, then a prefix, then (when asked) a part of the name, then the most
 * similar term above the threshold. Undefined when nothing is plausible.
 */
export async function bestMatch(request: MatchRequest): Promise<number | undefined> {
  const value = request.value.trim();
  const id = idFrom(value, request.resource);
  if (id !== undefined) return existingId(request, id);
  const term = normalizeTerm(value);
  if (!term) return undefined;
  const scope = request.ambito === undefined ? sql`true` : sql`ambito = ${request.ambito}`;
  const contains = request.contains ? sql`termino like ${`%${term}%`}` : sql`false`;
  const [row] = await queryRows<{ item_id: number }>(sql`
    select item_id,
           case when termino = ${term} then 0
                when termino like ${`${term}%`} then 1
                when ${contains} then 2
                else 3 end as rank,
           similarity(termino, ${term}) as score
    from catalogo_terminos
    where tipo = ${request.tipo} and ${scope}
      and (termino = ${term} or termino like ${`${term}%`} or ${contains} or similarity(termino, ${term}) >= ${SIMILARITY_THRESHOLD})
    order by rank, score desc, length(termino), item_id
    limit 1`);
  return row ? Number(row.item_id) : undefined;
}

/** Ids of the items with a term containing the value (the `q` filters of the lists). */
export async function idsContaining(tipo: CatalogoTipo, value: string, ambito?: number): Promise<number[]> {
  const term = normalizeTerm(value);
  const scope = ambito === undefined ? sql`true` : sql`ambito = ${ambito}`;
  const rows = await queryRows<{ item_id: number }>(
    sql`select distinct item_id from catalogo_terminos where tipo = ${tipo} and ${scope} and termino like ${`%${term}%`}`,
  );
  return rows.map((row) => Number(row.item_id));
}
