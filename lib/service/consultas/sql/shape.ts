import "server-only";
import { and, type Column, eq, gte, lte, type Placeholder, type SQL, sql } from "drizzle-orm";
import { agenciaApps, agencias, consultas, consultasAtencion, consultasTerminos, operadores } from "@/lib/db/schema";
import { matchingEnquiries } from "./matches";
import { visibleEnquiries } from "./visibility";

/**
 * What shapes a list's statements: whether the agency shares catalogue enquiries with the app, and
 * which filters are set (`operador`: narrowed to a collaborator's enquiries; `administrador`: the
 * filter names the administrator, who sees them all; `terminos`: how many terms `q` has; `atendida`:
 * the filter on the app's marks). Each shape is a statement prepared once
 * (lib/db/prepared.ts); the values go in its placeholders.
 */
export type ListShape = {
  compartir: boolean;
  operador: boolean;
  administrador: boolean;
  externalId: boolean;
  terminos: number;
  atendida: boolean | undefined;
};

export type ListParams = {
  agencia: string;
  app: string;
  adminMail: string;
  from: Date;
  to: Date;
  operador?: string;
  externalId?: string;
} & Record<`termino${number}`, string>;

export const shapeName = (statement: string, shape: ListShape) =>
  `${statement}_${[shape.compartir, shape.operador, shape.administrador, shape.externalId].map(Number).join("")}_${shape.terminos}${attendedName(shape.atendida)}`;

const attendedName = (atendida: boolean | undefined) => (atendida === undefined ? "" : `_${Number(atendida)}`);

/**
 * Whether the facts a list's statement was built on are still true as it runs (facts.ts, decisions
 * 0017): the agency is registered with the app under that adminMail and shares catalogue enquiries
 * as the shape says, and the operador filter names an operator in the same role.
 */
export function factsStillTrue(shape: ListShape): SQL {
  const value = sql.placeholder;
  const relation = sql`exists (select 1 from ${agenciaApps} inner join ${agencias} on ${agencias.id} = ${agenciaApps.agenciaId}
    where ${agenciaApps.agenciaId} = ${value("agencia")} and ${agenciaApps.appId} = ${value("app")}
      and ${agenciaApps.estado} = 'registrada' and ${agenciaApps.compartirCatalogo} = ${sql.raw(String(shape.compartir))}
      and ${agencias.adminMail} = ${value("adminMail")})`;
  if (!shape.operador && !shape.administrador) return relation;
  const operador = sql`exists (select 1 from ${operadores} where ${operadores.agenciaId} = ${value("agencia")}
      and ${operadores.email} = ${value("operador")} and ${operadores.esAdministrador} = ${sql.raw(String(shape.administrador))})`;
  return sql`(${relation} and ${operador})`;
}

/**
 * Enquiries the app marked as attended (`true`), or that it did not (`false`: never marked, or
 * marked back); no condition when undefined. Only the app's own marks count (docs/decisions/0041).
 */
export function attendedIs(atendida: boolean | undefined, appId: Placeholder | Column, sid: Column | SQL = consultas.sid): SQL | undefined {
  if (atendida === undefined) return undefined;
  const marked = sql`exists (select 1 from ${consultasAtencion} where ${consultasAtencion.appId} = ${appId}
    and ${consultasAtencion.sid} = ${sid} and ${consultasAtencion.atendida})`;
  return atendida ? marked : sql`not ${marked}`;
}

/** The enquiries of a list without `q`: visible to the app, in the period, narrowed by the filters. */
export function listConditions(shape: ListShape): SQL {
  return and(
    visibleEnquiries(sql.placeholder("agencia"), sql.placeholder("app"), shape.compartir),
    gte(consultas.momento, sql.placeholder("from")),
    lte(consultas.momento, sql.placeholder("to")),
    shape.operador ? eq(consultas.operadorResponsable, sql.placeholder("operador")) : undefined,
    shape.externalId ? eq(consultas.externalId, sql.placeholder("externalId")) : undefined,
    attendedIs(shape.atendida, sql.placeholder("app")),
  ) as SQL;
}

/**
 * The enquiries of a list with `q` (`sid`, `momento`): the same conditions, those the terms' copy of
 * the enquiry holds read there, the listing and the marks checked per match. `where`: one more
 * condition on the terms (an export's place in the list, sql/export.ts).
 */
export function listMatches(shape: ListShape, where?: (terms: typeof consultasTerminos) => SQL): SQL {
  const terms = consultasTerminos;
  const conditions = and(
    visibleEnquiries(sql.placeholder("agencia"), sql.placeholder("app"), shape.compartir, terms),
    gte(terms.momento, sql.placeholder("from")),
    lte(terms.momento, sql.placeholder("to")),
    shape.operador ? eq(terms.operadorResponsable, sql.placeholder("operador")) : undefined,
    where?.(terms),
  ) as SQL;
  const listing = sql`exists (select 1 from ${consultas} where ${consultas.sid} = m.sid and ${consultas.externalId} = ${sql.placeholder("externalId")})`;
  return matchingEnquiries(shape.terminos, conditions, {
    narrow: and(shape.externalId ? listing : undefined, attendedIs(shape.atendida, sql.placeholder("app"), sql`m.sid`)),
  });
}
