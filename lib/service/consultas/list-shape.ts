import "server-only";
import { and, eq, gte, lte, type SQL, sql } from "drizzle-orm";
import { consultas } from "@/lib/db/schema";
import { visibleEnquiries } from "./visibility";

/**
 * What shapes a list's statements: whether the agency shares catalogue enquiries with the app, and
 * which filters are set. Each shape is a statement prepared once (lib/db/prepared.ts); the values
 * go in its placeholders.
 */
export type ListShape = { compartir: boolean; operador: boolean; externalId: boolean };

export type ListParams = { agencia: string; app: string; from: Date; to: Date; operador?: string; externalId?: string };

export const shapeName = (statement: string, shape: ListShape) =>
  `${statement}_${Number(shape.compartir)}${Number(shape.operador)}${Number(shape.externalId)}`;

/** The enquiries of a list: visible to the app, in the period, narrowed by the filters. */
export function listConditions(shape: ListShape): SQL {
  return and(
    visibleEnquiries(sql.placeholder("agencia"), sql.placeholder("app"), shape.compartir),
    gte(consultas.momento, sql.placeholder("from")),
    lte(consultas.momento, sql.placeholder("to")),
    shape.operador ? eq(consultas.operadorResponsable, sql.placeholder("operador")) : undefined,
    shape.externalId ? eq(consultas.externalId, sql.placeholder("externalId")) : undefined,
  ) as SQL;
}
