import "server-only";
import { and, eq, gte, lt, ne, sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { prepared } from "@/lib/db/prepared";
import { consultas, consultasPorPublicacion, consultasPorPublicacionSemana } from "@/lib/db/schema";
import { DAY_MS, isoDay } from "@/lib/time";
import { type ListParams, type ListShape, shapeName } from "./shape";
import { visibleEnquiries } from "./visibility";

const TOP_LISTINGS = 10;
const WEEK_MS = 7 * DAY_MS;

/** The Monday (UTC) of the week a UTC midnight falls in, or the next Monday when `up` and it is none. */
function monday(midnight: number, up: boolean) {
  // Day 0, 1970-01-01, was a Thursday: 3 days after a Monday.
  const sinceMonday = ((Math.floor(midnight / DAY_MS) + 3) % 7) * DAY_MS;
  return up && sinceMonday > 0 ? midnight - sinceMonday + WEEK_MS : midnight - sinceMonday;
}

/**
 * The enquiries between an end of the period (its first moment, or the one after its last) and the
 * midnight its counters start or stop at: added when inside the period, taken away when outside.
 */
const edge = (end: number, midnight: number, start: boolean) => ({
  from: new Date(Math.min(end, midnight)),
  to: new Date(Math.max(end, midnight)),
  sign: end < midnight === start ? 1 : -1,
});

/**
 * How the top listings count a period [from, to] (docs/decisions/0042): the counters from the UTC
 * midnight nearest its start to the one nearest its end (the next, when that is after `now`: no
 * enquiry is later), whole UTC weeks [firstWeek, lastWeek) and the days around them, and the
 * enquiries between each end and its midnight counted in `consultas`.
 */
export function listingSpan(from: Date, to: Date, now: number) {
  const end = to.getTime() + 1;
  const nearest = (time: number) => Math.round(time / DAY_MS) * DAY_MS;
  const first = nearest(from.getTime());
  const after = Math.ceil(end / DAY_MS) * DAY_MS;
  const last = Math.max(first, after > now ? after : nearest(end));
  let [firstWeek, lastWeek] = [monday(first, true), monday(last, false)];
  if (firstWeek >= lastWeek) firstWeek = lastWeek = last;
  return {
    days: [
      { from: isoDay(first), to: isoDay(firstWeek) },
      { from: isoDay(lastWeek), to: isoDay(last) },
    ],
    weeks: { from: isoDay(firstWeek), to: isoDay(lastWeek) },
    edges: [edge(from.getTime(), first, true), edge(end, last, false)],
  };
}

/** The counters of the app's listings, under the operator (or '' for all), from `desde` to before `hasta` (placeholders). */
function counters(db: Db, table: typeof consultasPorPublicacion | typeof consultasPorPublicacionSemana, prefix: string) {
  const value = sql.placeholder;
  const bucket = "dia" in table ? table.dia : table.semana;
  return db
    .select({ externalId: table.externalId, cantidad: table.cantidad })
    .from(table)
    .where(
      and(
        eq(table.agenciaId, value("agencia")),
        eq(table.appId, value("app")),
        eq(table.operadorResponsable, value("contador")),
        gte(bucket, value(`${prefix}Desde`)),
        lt(bucket, value(`${prefix}Hasta`)),
      ),
    );
}

/** The listings' enquiries the app sees between `${prefix}Desde` and before `${prefix}Hasta`, times `${prefix}Signo`. */
function counted(db: Db, shape: ListShape, prefix: string) {
  const value = sql.placeholder;
  return db
    .select({ externalId: consultas.externalId, cantidad: sql`count(*) * ${value(`${prefix}Signo`)}::int` })
    .from(consultas)
    .where(
      and(
        visibleEnquiries(value("agencia"), value("app"), shape.compartir),
        shape.operador ? eq(consultas.operadorResponsable, value("operador")) : undefined,
        ne(consultas.externalId, ""),
        gte(consultas.momento, value(`${prefix}Desde`)),
        lt(consultas.momento, value(`${prefix}Hasta`)),
      ),
    )
    .groupBy(consultas.externalId);
}

/**
 * The listings with most enquiries in the period, most first, ties by ExternalId (catalogue
 * enquiries name none): the per-listing counters and the edges listingSpan names (docs/decisions/0042).
 */
export function topListings(db: Db, shape: ListShape, params: ListParams) {
  const span = listingSpan(params.from, params.to, Date.now());
  const statement = prepared(db, shapeName("consultas_resumen_publicaciones", shape), (db, name) => {
    const parts = [
      counters(db, consultasPorPublicacionSemana, "semanas"),
      counters(db, consultasPorPublicacion, "dias0"),
      counters(db, consultasPorPublicacion, "dias1"),
      counted(db, shape, "borde0"),
      counted(db, shape, "borde1"),
    ];
    return db
      .select({ externalId: sql<string>`external_id`, cantidad: sql<number>`sum(cantidad)::int` })
      .from(sql`(${sql.join(parts, sql` union all `)}) as partes`)
      .groupBy(sql`1`)
      .having(sql`sum(cantidad) > 0`)
      .orderBy(sql`2 desc`, sql`1`)
      .limit(TOP_LISTINGS)
      .prepare(name);
  });
  const values: Record<string, unknown> = { ...params, contador: params.operador ?? "" };
  values.semanasDesde = span.weeks.from;
  values.semanasHasta = span.weeks.to;
  for (const [index, days] of span.days.entries())
    Object.assign(values, { [`dias${index}Desde`]: days.from, [`dias${index}Hasta`]: days.to });
  for (const [index, edge] of span.edges.entries()) {
    Object.assign(values, { [`borde${index}Desde`]: edge.from, [`borde${index}Hasta`]: edge.to, [`borde${index}Signo`]: edge.sign });
  }
  return statement.execute(values);
}
