import "server-only";
import { and, count, eq, gte, inArray, lte, sql } from "drizzle-orm";
import { consultasPath, type Resumen, type ResumenFilters } from "@/lib/api/consultas";
import { links, withQuery } from "@/lib/api/links";
import { type Db, getDb } from "@/lib/db";
import { consultas, consultasAtencion, consultasPorDia, consultasPorHora } from "@/lib/db/schema";
import { config } from "@/lib/env";
import type { AuthenticatedApp } from "@/lib/service/apps/find-app";
import { addDays, counterHours, DAY_MS, dayOf, formatDateTime, HOUR_MS } from "@/lib/time";
import { type ListFacts, listFacts } from "./list-facts";
import type { ListShape } from "./list-shape";
import { periodOf } from "./period";
import { topListings } from "./top-listings";
import { visibleEnquiries } from "./visibility";

/** A PostgreSQL array literal of plain values (one parameter, however many). */
const arrayOf = (values: string[]) => `{${values.join(",")}}`;

type Scope = { facts: ListFacts; operador: string | undefined; from: Date; to: Date };

/**
 * How the per-day counters (UTC days) give the days of the service's zone (docs/decisions/0042): the
 * UTC days named like the period's days and over by `hourAfter` are each counted under the day of
 * their name; an hour whose own day is another (or none: outside the period), or that no such UTC
 * day holds, is read from the per-hour counters and moved: `own`, its day in the period, gains it;
 * `counted`, the day its UTC day was counted under, loses it.
 */
function dayCounters(days: string[], firstHour: Date, hourAfter: Date) {
  const zone = config().timeZone;
  const utcDays = days.filter((day) => Date.parse(`${day}T00:00:00Z`) + DAY_MS <= hourAfter.getTime());
  const counted = new Set(utcDays);
  const moves = new Map<number, { own?: string; counted?: string }>();
  const start = Math.min(firstHour.getTime(), Date.parse(`${days[0]}T00:00:00Z`));
  for (let time = start; time < hourAfter.getTime(); time += HOUR_MS) {
    const own = time >= firstHour.getTime() ? dayOf(new Date(time), zone) : undefined;
    const utcDay = new Date(time).toISOString().slice(0, 10);
    const move = { own, counted: counted.has(utcDay) ? utcDay : undefined };
    if (move.own !== move.counted) moves.set(time, move);
  }
  return { utcDays, moves };
}

/**
 * Enquiries per day of the service's zone and per TipoAnuncio (docs/decisions/0042): the hours from
 * the period's first to the one its last moment falls in, from the per-day counters and the few
 * per-hour ones dayCounters names. A catalogue enquiry is counted under app '' and every other under its app.
 */
async function countsPerDay(db: Db, { facts, operador, from, to }: Scope, days: string[]) {
  const { firstHour, hourAfter } = counterHours(from, to);
  const { utcDays, moves } = dayCounters(days, firstHour, hourAfter);
  const counters = (table: typeof consultasPorDia | typeof consultasPorHora) =>
    and(
      eq(table.agenciaId, facts.agenciaId),
      inArray(table.appId, facts.compartir ? [facts.appId, ""] : [facts.appId]),
      operador ? eq(table.operadorResponsable, operador) : undefined,
    );
  const sum = <T extends typeof consultasPorDia | typeof consultasPorHora>(table: T) => ({
    catalogo: sql<boolean>`${table.appId} = ''`,
    cantidad: sql<number>`sum(${table.cantidad})::int`,
  });
  const [perDay, perHour] = await Promise.all([
    utcDays.length === 0
      ? []
      : db
          .select({ dia: sql<string>`${consultasPorDia.dia}::text`, ...sum(consultasPorDia) })
          .from(consultasPorDia)
          .where(
            and(
              counters(consultasPorDia),
              gte(consultasPorDia.dia, utcDays[0] as string),
              lte(consultasPorDia.dia, utcDays.at(-1) as string),
            ),
          )
          .groupBy(sql`1`, sql`2`),
    moves.size === 0
      ? []
      : db
          .select({ hora: consultasPorHora.hora, ...sum(consultasPorHora) })
          .from(consultasPorHora)
          .where(
            and(
              counters(consultasPorHora),
              sql`${consultasPorHora.hora} = any(${arrayOf([...moves.keys()].map((time) => new Date(time).toISOString()))}::timestamptz[])`,
            ),
          )
          .groupBy(sql`1`, sql`2`),
  ]);
  const counts = days.map(() => ({ publicacion: 0, catalogo: 0 }));
  const index = new Map(days.map((day, position) => [day, position]));
  const add = (day: string | undefined, catalogo: boolean, cantidad: number) => {
    const count = day === undefined ? undefined : counts[index.get(day) ?? -1];
    if (count) count[catalogo ? "catalogo" : "publicacion"] += cantidad;
  };
  for (const row of perDay) add(row.dia, row.catalogo, row.cantidad);
  for (const row of perHour) {
    const move = moves.get(row.hora.getTime());
    add(move?.own, row.catalogo, row.cantidad);
    add(move?.counted, row.catalogo, -row.cantidad);
  }
  return counts;
}

/** How many enquiries of the period the app marked attended, and the median minutes until then. */
async function attended(db: Db, { facts, operador, from, to }: Scope) {
  const waited = sql`extract(epoch from ${consultasAtencion.momento} - ${consultasAtencion.recibida}) / 60`;
  const [row] = await db
    .select({
      atendidas: count(),
      mediana: sql<number | null>`percentile_cont(0.5) within group (order by ${waited})`,
    })
    .from(consultasAtencion)
    .innerJoin(consultas, eq(consultas.sid, consultasAtencion.sid))
    .where(
      and(
        eq(consultasAtencion.appId, facts.appId),
        eq(consultasAtencion.agenciaId, facts.agenciaId),
        gte(consultasAtencion.recibida, from),
        lte(consultasAtencion.recibida, to),
        eq(consultasAtencion.atendida, true),
        operador ? eq(consultasAtencion.operadorResponsable, operador) : undefined,
        visibleEnquiries(facts.agenciaId, facts.appId, facts.compartir),
      ),
    );
  return { atendidas: row?.atendidas ?? 0, mediana: row?.mediana == null ? null : Math.round(Number(row.mediana)) };
}

/** Every day of the period in the service's zone, in order. */
function periodDays(from: Date, to: Date) {
  const zone = config().timeZone;
  const days: string[] = [];
  for (let day = dayOf(from, zone); day <= dayOf(to, zone); day = addDays(day, 1)) days.push(day);
  return days;
}

/**
 * GET /v3/consultas/{adminMail}/resumen (extension, docs/decisions/0042): the period the list would
 * show with the same desde, hasta and operador, at a glance.
 */
export async function summarizeConsultas(app: AuthenticatedApp, adminMail: string, filters: ResumenFilters): Promise<Resumen> {
  const db = await getDb();
  const facts = await listFacts(db, app.id, adminMail, filters.operador, { fresh: true });
  const { from, to } = periodOf(filters);
  // The administrator sees every enquiry of the agency: naming them narrows nothing.
  const operador = facts.operador?.administrador === false ? facts.operador.email : undefined;
  const scope = { facts, operador, from, to };
  const shape: ListShape = {
    compartir: facts.compartir,
    operador: operador !== undefined,
    administrador: false,
    externalId: false,
    terminos: 0,
    atendida: undefined,
  };
  const days = periodDays(from, to);
  const [perDay, listings, marks] = await Promise.all([
    countsPerDay(db, scope, days),
    topListings(db, shape, { agencia: facts.agenciaId, app: facts.appId, adminMail: facts.adminMail, from, to, operador }),
    attended(db, scope),
  ]);
  const byTipo = { publicacion: 0, catalogo: 0 };
  for (const count of perDay) {
    byTipo.publicacion += count.publicacion;
    byTipo.catalogo += count.catalogo;
  }
  const total = byTipo.publicacion + byTipo.catalogo;
  const base = consultasPath(facts.adminMail);
  const query = { operador: filters.operador, desde: filters.desde, hasta: filters.hasta };
  const zone = config().timeZone;
  return {
    Desde: formatDateTime(from, zone),
    Hasta: formatDateTime(to, zone),
    Total: total,
    PorDia: days.map((Dia, position) => ({ Dia, Cantidad: (perDay[position]?.publicacion ?? 0) + (perDay[position]?.catalogo ?? 0) })),
    PorTipoAnuncio: Object.entries(byTipo).map(([TipoAnuncio, Cantidad]) => ({ TipoAnuncio, Cantidad })),
    Publicaciones: listings.map((row) => ({ ExternalId: row.externalId, Cantidad: row.cantidad })),
    Atendidas: marks.atendidas,
    SinAtender: total - marks.atendidas,
    MinutosHastaAtender: marks.mediana,
    _links: links({ self: withQuery(`${base}/resumen`, query), consultas: withQuery(base, query) }),
  };
}
