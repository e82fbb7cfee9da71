import "server-only";
import { type SQL, sql } from "drizzle-orm";
import { conflictProblem, type FieldErrors, type Problem, validationProblem } from "@/lib/api/problem";
import type { Db } from "@/lib/db";
import { webhookConfigs } from "@/lib/db/schema";
import { bestMatchQuery, type MatchRequest } from "@/lib/service/catalogo/best-match";

/** Whether the app has an active `publicaciones` configuration: who is told of a listing's changes. */
export const subscribed = (appId: string) =>
  sql<boolean>`exists (select 1 from ${webhookConfigs} where ${webhookConfigs.appId} = ${appId} and ${webhookConfigs.topic} = 'publicaciones' and ${webhookConfigs.active})`;

export type Item = { id: number; nombre: string };

/** What a listing names, as the caller's members (`Marca` or `Auto.Marca`): each is looked up when given. */
export type Names = {
  marca?: { member: string; value: string };
  modelo?: { member: string; value: string };
  carroceria?: { member: string; value: string | null };
  color?: { member: string; value: string | null };
  operador?: { member: string; value: string };
  externalId?: { member: string; value: string };
};

export type Resolved = {
  marca: Item | null;
  modelo: Item | null;
  carroceria: Item | null;
  color: Item | null;
  operador: boolean;
  tomada: boolean;
  /** Whether the app has an active `publicaciones` configuration. */
  suscripta: boolean;
  /** The agency looked up in, null when a query naming it found none. */
  agenciaId: string | null;
};

const scalar = (query: SQL | undefined) => (query ? sql`(${query})` : sql`null::integer`);

function matchOf(request: Omit<MatchRequest, "value">, value: string | null | undefined) {
  return value ? bestMatchQuery({ ...request, value }) : undefined;
}

/**
 * The items values already matched, by kind, scope and value: a running process's catalogue is the
 * one loaded when it started (decision 0086), so a value keeps matching the same item (or none).
 * Cleared whole when full, so a flood of distinct values cannot grow it.
 */
const matched = new Map<string, Item | null>();
const MATCHED_MAX = 5_000;

const keyOf = (kind: string, value: string | null | undefined, scope = "") => (value ? `${kind}/${scope}/${value.trim()}` : undefined);

function remember(key: string | undefined, item: Item | null) {
  if (key === undefined) return;
  if (matched.size >= MATCHED_MAX) matched.clear();
  matched.set(key, item);
}

/** An item's id as the statement selects it: the one already matched, else its best match's query. */
function idOf(key: string | undefined, query: () => SQL | undefined): SQL {
  if (key === undefined || !matched.has(key)) return scalar(query());
  const item = matched.get(key);
  return item ? sql`${item.id}::integer` : sql`null::integer`;
}

/**
 * Everything a listing's write looks up before it changes anything, in one statement: the catalogue
 * items that best match its make, model (within that make), body style and colour (each matched by
 * the database once per process), whether its operator is one of the agency's, whether its
 * ExternalId is already taken in the agency, and whether the app is subscribed to the topic. The
 * agency is its id, or a query that finds it (then found in the same statement).
 */
export async function lookUp(db: Db, agencia: string | SQL, names: Names, appId: string): Promise<Resolved> {
  const keys = {
    marca: keyOf("marca", names.marca?.value),
    carroceria: keyOf("carroceria", names.carroceria?.value),
    color: keyOf("color", names.color?.value),
  };
  const marca = () => matchOf({ tipo: "marca", resource: "marcas" }, names.marca?.value);
  const knownMarca = keys.marca === undefined ? undefined : matched.get(keys.marca);
  const modeloKey = knownMarca ? keyOf("modelo", names.modelo?.value, String(knownMarca.id)) : undefined;
  const modelo = () => {
    if (knownMarca === null) return undefined; // a make that matched nothing has no models
    const scope = knownMarca ? sql`${knownMarca.id}::integer` : marca() && sql`(${marca()})`;
    return scope && matchOf({ tipo: "modelo", resource: "modelos", ambito: scope, bareIds: false }, names.modelo?.value);
  };
  const carroceria = () => matchOf({ tipo: "carroceria", resource: "carrocerias" }, names.carroceria?.value);
  const color = () => matchOf({ tipo: "color", resource: "colores" }, names.color?.value);
  const operador = names.operador
    ? sql`exists (select 1 from operadores where agencia_id = agencia.id and email = ${names.operador.value})`
    : sql`true`;
  const tomada = names.externalId
    ? sql`exists (select 1 from publicaciones where agencia_id = agencia.id and external_id = ${names.externalId.value.toLowerCase()})`
    : sql`false`;
  const result = (await db.execute(sql`
    select agencia.id as agencia_id, m.id as marca_id, m.nombre as marca, mo.id as modelo_id, mo.nombre as modelo,
           ca.id as carroceria_id, ca.nombre as carroceria, co.id as color_id, co.nombre as color,
           ${operador} as operador, ${tomada} as tomada, ${subscribed(appId)} as suscripta
    from (select (${agencia})::text as id) agencia,
         (select ${idOf(keys.marca, marca)} as marca_id, ${idOf(modeloKey, modelo)} as modelo_id,
                 ${idOf(keys.carroceria, carroceria)} as carroceria_id, ${idOf(keys.color, color)} as color_id) ids
    left join marcas m on m.id = ids.marca_id
    left join modelos mo on mo.id = ids.modelo_id
    left join carrocerias ca on ca.id = ids.carroceria_id
    left join colores co on co.id = ids.color_id`)) as unknown as { rows: Record<string, unknown>[] };
  const row = result.rows[0] ?? {};
  const item = (name: string): Item | null =>
    row[`${name}_id`] === null || row[`${name}_id`] === undefined ? null : { id: Number(row[`${name}_id`]), nombre: String(row[name]) };
  const resolved = {
    marca: item("marca"),
    modelo: item("modelo"),
    carroceria: item("carroceria"),
    color: item("color"),
    operador: Boolean(row.operador),
    tomada: Boolean(row.tomada),
    suscripta: Boolean(row.suscripta),
    agenciaId: row.agencia_id === null || row.agencia_id === undefined ? null : String(row.agencia_id),
  };
  remember(keys.marca, resolved.marca);
  if (resolved.marca) remember(keyOf("modelo", names.modelo?.value, String(resolved.marca.id)), resolved.modelo);
  remember(keys.carroceria, resolved.carroceria);
  remember(keys.color, resolved.color);
  return resolved;
}

const NOUNS = { marca: "una marca", modelo: "un modelo", carroceria: "una carrocería", color: "un color" } as const;

/**
 * The 400 of every named value that matched nothing (`lenient` ones may stay unmatched), then the
 * 409 of an ExternalId the agency already has: nothing is written when either is thrown.
 */
export function requireMatches(names: Names, resolved: Resolved, lenient: (keyof typeof NOUNS)[] = []): void {
  const errors: FieldErrors = {};
  for (const key of Object.keys(NOUNS) as (keyof typeof NOUNS)[]) {
    const named = names[key];
    if (!named?.value || resolved[key] || lenient.includes(key)) continue;
    if (key === "modelo" && !resolved.marca) continue; // without a make there is no model to look for
    const within = key === "modelo" && resolved.marca ? ` de ${resolved.marca.nombre}` : "";
    errors[named.member] = [`No se encontró ${NOUNS[key]}${within} que coincida con «${named.value}».`];
  }
  if (names.operador && !resolved.operador) errors[names.operador.member] = [`${names.operador.value} no es operador de la agencia.`];
  if (Object.keys(errors).length > 0) throw validationProblem(errors);
  if (names.externalId && resolved.tomada) throw externalIdTaken(names.externalId.member, names.externalId.value);
}

/** The 409 of an ExternalId the agency already has, naming no app (decisions 0023). */
export function externalIdTaken(member: string, value: string): Problem {
  return conflictProblem(
    { [member]: ["La agencia ya tiene una publicación con este ExternalId (de esta u otra app, en cualquier estado): usá otro."] },
    `La agencia ya tiene una publicación con ExternalId ${value}.`,
  );
}
