import "server-only";
import { type SQL, sql } from "drizzle-orm";
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
  /** Only items of this scope (the region of a city, the make of a model), or of the scope a subquery finds. */
  ambito?: number | SQL;
  /** Also accept a term that merely contains the value ("part of the name"). */
  contains?: boolean;
  /**
   * Whether a bare number is an id (true by default). Models are named by numbers (Peugeot 208, Ram
   * 1500): for them only an api-url or its path names an id.
   */
  bareIds?: boolean;
};

function idFrom(value: string, resource: string, bareIds: boolean): number | undefined {
  const id =
    bareIds && /^\d{1,10}$/.test(value) ? value : new RegExp(`^(?:https?://[^/]+)?/v3/${resource}/(\\d{1,10})/?$`, "i").exec(value)?.[1];
  const number = id === undefined ? undefined : Number(id);
  return number !== undefined && number <= 2_147_483_647 ? number : undefined;
}

const scopeOf = (request: MatchRequest) => (request.ambito === undefined ? sql`true` : sql`ambito = ${request.ambito}`);

/**
 * The statement that finds the id of the item that best fits the value (one row, or none): an id or
 * api-url first, then (normalised) an exact name, codename or ISO code, then a prefix, then (when
 * asked) a part of the name, then the most similar term above the threshold. Undefined when the
 * value cannot match anything. A statement, so that several matches can be one query.
 */
export function bestMatchQuery(request: MatchRequest): SQL | undefined {
  const value = request.value.trim();
  const scope = scopeOf(request);
  const id = idFrom(value, request.resource, request.bareIds ?? true);
  if (id !== undefined) {
    return sql`select item_id from catalogo_terminos where tipo = ${request.tipo} and item_id = ${id} and ${scope} limit 1`;
  }
  const term = normalizeTerm(value);
  if (!term) return undefined;
  const contains = request.contains ? sql`termino like ${`%${term}%`}` : sql`false`;
  return sql`
    select item_id from catalogo_terminos
    where tipo = ${request.tipo} and ${scope}
      and (termino = ${term} or termino like ${`${term}%`} or ${contains} or similarity(termino, ${term}) >= ${SIMILARITY_THRESHOLD})
    order by case when termino = ${term} then 0
                  when termino like ${`${term}%`} then 1
                  when ${contains} then 2
                  else 3 end,
             similarity(termino, ${term}) desc, length(termino), item_id
    limit 1`;
}

/** The id of the item that best fits the value (see bestMatchQuery); undefined when nothing is plausible. */
export async function bestMatch(request: MatchRequest): Promise<number | undefined> {
  const query = bestMatchQuery(request);
  if (!query) return undefined;
  const [row] = await queryRows<{ item_id: number }>(query);
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
