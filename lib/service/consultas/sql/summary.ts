import "server-only";
import { and, count, eq, gte, lte, sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { prepared } from "@/lib/db/prepared";
import { consultas, consultasAtencion, consultasPorDia, consultasPorHora } from "@/lib/db/schema";
import { counterHours, DAY_MS, dayNumber, dayOf, dayTextOf, HOUR_MS, zoneOffsetMs } from "@/lib/time";
import { counterConditions } from "./count";
import { type ListParams, type ListShape, shapeName } from "./shape";
import { visibleEnquiries } from "./visibility";

/** Every day of the period [from, to] in the zone, in order. */
export function periodDays(from: Date, to: Date, zone: string) {
  const [first, last] = [dayNumber(dayOf(from, zone)), dayNumber(dayOf(to, zone))];
  return Array.from({ length: last - first + 1 }, (_, index) => dayTextOf(first + index));
}

/** A PostgreSQL array literal of plain values (one parameter, however many). */
const arrayOf = (values: string[]) => `{${values.join(",")}}`;

/** What shapes the summary's statements, and the values for their placeholders. */
export type Scope = { shape: ListShape; params: ListParams };

/**
 * How the per-day counters (UTC days) give the days of the service's zone (docs/decisions/0042): the
 * UTC days named like the period's days and over by `hourAfter` are each counted under the day of
 * their name; an hour whose own day is another (or none: outside the period), or that no such UTC
 * day holds, is read from the per-hour counters and moved: `own`, its day in the period, gains it;
 * `counted`, the day its UTC day was counted under, loses it. Days are numbers (days since the
 * epoch): a 90-day period walks 2,160 hours on each summary.
 */
function dayCounters(days: string[], firstHour: Date, hourAfter: Date, zone: string) {
  const [first, after] = [firstHour.getTime(), hourAfter.getTime()];
  const utcDays = days.filter((day) => (dayNumber(day) + 1) * DAY_MS <= after);
  const counted = new Set(utcDays.map(dayNumber));
  const moves = new Map<number, { own?: number; counted?: number }>();
  const start = Math.min(first, dayNumber(days[0] as string) * DAY_MS);
  for (let time = start; time < after; time += HOUR_MS) {
    const own = time >= first ? Math.floor((time + zoneOffsetMs(time, zone)) / DAY_MS) : undefined;
    const utcDay = Math.floor(time / DAY_MS);
    const move = { own, counted: counted.has(utcDay) ? utcDay : undefined };
    if (move.own !== move.counted) moves.set(time, move);
  }
  return { utcDays, moves };
}

/**
 * Enquiries per day of the service's zone and per TipoAnuncio (docs/decisions/0042): the hours from
 * the period's first to the one its last moment falls in, from the per-day counters and the few
 * per-hour ones dayCounters names. A catalogue enquiry is counted under app '' and every other under
 * its app. `days`: every day of the period in `zone`, in order.
 */
export async function countsPerDay(db: Db, { shape, params }: Scope, days: string[], zone: string) {
  const { firstHour, hourAfter } = counterHours(params.from, params.to);
  const { utcDays, moves } = dayCounters(days, firstHour, hourAfter, zone);
  const [perDay, perHour] = await Promise.all([
    utcDays.length === 0 ? [] : dayRows(db, shape).execute({ ...params, desde: utcDays[0], hasta: utcDays.at(-1) }),
    moves.size === 0
      ? []
      : hourRows(db, shape).execute({ ...params, horas: arrayOf([...moves.keys()].map((time) => new Date(time).toISOString())) }),
  ]);
  const counts = days.map(() => ({ publicacion: 0, catalogo: 0 }));
  const index = new Map(days.map((day, position) => [dayNumber(day), position]));
  const add = (day: number | undefined, catalogo: boolean, cantidad: number) => {
    const count = day === undefined ? undefined : counts[index.get(day) ?? -1];
    if (count) count[catalogo ? "catalogo" : "publicacion"] += cantidad;
  };
  for (const row of perDay) add(dayNumber(row.dia), row.catalogo, row.cantidad);
  for (const row of perHour) {
    const move = moves.get(new Date(row.hora).getTime());
    add(move?.own, row.catalogo, row.cantidad);
    add(move?.counted, row.catalogo, -row.cantidad);
  }
  return counts;
}

const sums = (table: typeof consultasPorDia | typeof consultasPorHora) => ({
  catalogo: sql<boolean>`${table.appId} = ''`,
  cantidad: sql<number>`sum(${table.cantidad})::int`,
});

/** The per-day counters from `desde` to `hasta` (UTC days), per day and whether of the catalogue. */
const dayRows = (db: Db, shape: ListShape) =>
  prepared(db, shapeName("consultas_resumen_dias", shape), (db, name) =>
    db
      .select({ dia: sql<string>`${consultasPorDia.dia}::text`, ...sums(consultasPorDia) })
      .from(consultasPorDia)
      .where(
        and(
          counterConditions(consultasPorDia, shape),
          gte(consultasPorDia.dia, sql.placeholder("desde")),
          lte(consultasPorDia.dia, sql.placeholder("hasta")),
        ),
      )
      .groupBy(sql`1`, sql`2`)
      .prepare(name),
  );

/** The per-hour counters of the hours `horas` (an array literal), per hour and whether of the catalogue. */
const hourRows = (db: Db, shape: ListShape) =>
  prepared(db, shapeName("consultas_resumen_horas", shape), (db, name) =>
    db
      .select({ hora: consultasPorHora.hora, ...sums(consultasPorHora) })
      .from(consultasPorHora)
      .where(
        and(counterConditions(consultasPorHora, shape), sql`${consultasPorHora.hora} = any(${sql.placeholder("horas")}::timestamptz[])`),
      )
      .groupBy(sql`1`, sql`2`)
      .prepare(name),
  );

/**
 * How many enquiries of the period the app marked attended, how many of those within an hour of
 * receiving them, and the median minutes until then: one statement over the same rows.
 */
export async function attended(db: Db, { shape, params }: Scope) {
  const [row] = await prepared(db, shapeName("consultas_resumen_atendidas", shape), (db, name) => {
    const value = sql.placeholder;
    const waited = sql`extract(epoch from ${consultasAtencion.momento} - ${consultasAtencion.recibida}) / 60`;
    return db
      .select({
        atendidas: count(),
        enUnaHora: sql<number>`(count(*) filter (where ${consultasAtencion.momento} - ${consultasAtencion.recibida} <= interval '1 hour'))::int`,
        mediana: sql<number | null>`percentile_cont(0.5) within group (order by ${waited})`,
      })
      .from(consultasAtencion)
      .innerJoin(consultas, eq(consultas.sid, consultasAtencion.sid))
      .where(
        and(
          eq(consultasAtencion.appId, value("app")),
          eq(consultasAtencion.agenciaId, value("agencia")),
          gte(consultasAtencion.recibida, value("from")),
          lte(consultasAtencion.recibida, value("to")),
          eq(consultasAtencion.atendida, true),
          shape.operador ? eq(consultasAtencion.operadorResponsable, value("operador")) : undefined,
          visibleEnquiries(value("agencia"), value("app"), shape.compartir),
        ),
      )
      .prepare(name);
  }).execute(params);
  return {
    atendidas: row?.atendidas ?? 0,
    enUnaHora: row?.enUnaHora ?? 0,
    mediana: row?.mediana == null ? null : Math.round(Number(row.mediana)),
  };
}
