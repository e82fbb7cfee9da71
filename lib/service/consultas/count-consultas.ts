import "server-only";
import { and, count, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { prepared } from "@/lib/db/prepared";
import { consultas, consultasPorDia, consultasPorHora } from "@/lib/db/schema";
import { isoDay, splitPeriod } from "@/lib/time";
import { factsHold, type ListParams, type ListShape, listConditions, listMatches, shapeName } from "./list-shape";
import { raiseRevisions } from "./revision";

/**
 * `Total` of a list without scanning every row (decisions 0009): whole UTC days from the per-day
 * counters, whole hours of the partial days from the per-hour counters (both kept at ingestion), and
 * only the partial hours at both ends counted in `consultas`, all added in one statement. A
 * listing's enquiries (externalid) are few, and so are those of a period without a whole hour:
 * those are counted directly, as are those of the app's marks (`atendida`), and a search's (`q`)
 * from its terms' index, which the counters know nothing of. `vigente`: whether the facts the list was shaped by still hold.
 */
export async function countConsultas(db: Db, shape: ListShape, params: ListParams): Promise<{ total: number; vigente: boolean }> {
  const { firstHour, afterHours, firstDay, afterDays } = splitPeriod(params.from, params.to);
  if (shape.externalId || shape.terminos > 0 || shape.atendida !== undefined || afterHours <= firstHour) {
    const [row] = await prepared(db, shapeName("consultas_cuenta", shape), (db, name) => {
      const counted = db.select({ total: count(), vigente: sql<boolean>`${factsHold(shape)}` });
      const rows =
        shape.terminos > 0 ? counted.from(sql`(${listMatches(shape)}) as m`) : counted.from(consultas).where(listConditions(shape));
      return rows.prepare(name);
    }).execute(params);
    return { total: row?.total ?? 0, vigente: row?.vigente === true };
  }
  const [row] = await prepared(db, shapeName("consultas_total", shape), (db, name) => countersTotal(db, shape).prepare(name)).execute({
    ...params,
    firstHour: new Date(firstHour),
    afterHours: new Date(afterHours),
    firstDay: new Date(firstDay),
    afterDays: new Date(afterDays),
    diaDesde: isoDay(firstDay),
    diaHasta: isoDay(afterDays),
  });
  return { total: Number(row?.total ?? 0), vigente: row?.vigente === true };
}

type Counters = typeof consultasPorDia | typeof consultasPorHora;

/** The app ids a list's enquiries are counted under: the app's, and '' for catalogue enquiries it sees. */
export const counterAppIds = (shape: ListShape) => (shape.compartir ? [sql.placeholder("app"), ""] : [sql.placeholder("app")]);

/** The counters of a list's enquiries (of some of its app ids). */
export function counterConditions(table: Counters, shape: ListShape, appIds = counterAppIds(shape)): SQL {
  return and(
    eq(table.agenciaId, sql.placeholder("agencia")),
    inArray(table.appId, appIds),
    shape.operador ? eq(table.operadorResponsable, sql.placeholder("operador")) : undefined,
  ) as SQL;
}

function countersTotal(db: Db, shape: ListShape) {
  const value = sql.placeholder;
  const counters = (table: Counters) => counterConditions(table, shape);
  const days = db
    .select({ value: sql`coalesce(sum(${consultasPorDia.cantidad}), 0)` })
    .from(consultasPorDia)
    .where(and(counters(consultasPorDia), gte(consultasPorDia.dia, value("diaDesde")), lt(consultasPorDia.dia, value("diaHasta"))));
  // The whole hours before the first whole day and after the last, each one index range: a plan that
  // stays good whether PostgreSQL plans it for the values or once for all (a generic plan).
  const hours = (from: string, to: string) =>
    db
      .select({ value: sql`coalesce(sum(${consultasPorHora.cantidad}), 0)` })
      .from(consultasPorHora)
      .where(and(counters(consultasPorHora), gte(consultasPorHora.hora, value(from)), lt(consultasPorHora.hora, value(to))));
  const counted = (edge: SQL) =>
    db
      .select({ value: count() })
      .from(consultas)
      .where(and(listConditions(shape), edge));
  const head = counted(lt(consultas.momento, value("firstHour")));
  const tail = counted(gte(consultas.momento, value("afterHours")));
  const parts = [days, hours("firstHour", "firstDay"), hours("afterDays", "afterHours"), head, tail];
  return db
    .select({
      total: sql<string>`(${sql.join(
        parts.map((part) => sql`(${part})`),
        sql` + `,
      )})::bigint`,
      vigente: sql<boolean>`${factsHold(shape)}`,
    })
    .from(sql`(select 1) as uno`);
}

/**
 * Adds enquiries to a per-listing counter (`bucket`: the day or the week, UTC), once under their
 * operator and once under operator '' for all of them; catalogue enquiries name no listing.
 */
function perListing(table: string, column: string, bucket: SQL) {
  const [name, key] = [sql.raw(table), sql.raw(column)];
  return sql`
      insert into ${name} (agencia_id, app_id, operador_responsable, ${key}, external_id, cantidad)
      select agencia_id, coalesce(app_id, ''), operador, ${bucket}, external_id, count(*)
      from nuevas cross join lateral (values (operador_responsable), ('')) as todos (operador)
      where external_id <> ''
      group by 1, 2, 3, 4, 5
      on conflict (agencia_id, app_id, operador_responsable, ${key}, external_id)
      do update set cantidad = ${name}.cantidad + excluded.cantidad`;
}

/**
 * Adds enquiries to the per-day, per-hour and per-listing (per day and per week) counters, in the
 * statement that stores them (docs/decisions/0042), and raises their agencies' revisions (0053): the
 * demo seed's many enquiries at once. Ingestion's one enquiry is counted the same way by the
 * database at its commit (migration 0023, decision 0087); the caller of this sets
 * `vitrina.consultas_contadas` for the transaction so that trigger leaves the rows counted here. `nuevas` selects, or inserts
 * returning, agencia_id, app_id, operador_responsable, external_id and momento.
 */
export function tally(db: Pick<Db, "execute">, nuevas: SQL) {
  return db.execute(sql`
    with nuevas as (${nuevas}),
    por_dia as (
      insert into consultas_por_dia (agencia_id, app_id, operador_responsable, dia, cantidad)
      select agencia_id, coalesce(app_id, ''), operador_responsable, (momento at time zone 'UTC')::date, count(*)
      from nuevas
      group by 1, 2, 3, 4
      on conflict (agencia_id, app_id, dia, operador_responsable)
      do update set cantidad = consultas_por_dia.cantidad + excluded.cantidad),
    por_publicacion as (${perListing("consultas_por_publicacion", "dia", sql`(momento at time zone 'UTC')::date`)}),
    por_publicacion_semana as (${perListing("consultas_por_publicacion_semana", "semana", sql`date_trunc('week', momento at time zone 'UTC')::date`)}),
    revisiones as (${raiseRevisions(sql`nuevas`)})
    insert into consultas_por_hora (agencia_id, app_id, operador_responsable, hora, cantidad)
    select agencia_id, coalesce(app_id, ''), operador_responsable, date_trunc('hour', momento at time zone 'UTC') at time zone 'UTC', count(*)
    from nuevas
    group by 1, 2, 3, 4
    on conflict (agencia_id, app_id, hora, operador_responsable)
    do update set cantidad = consultas_por_hora.cantidad + excluded.cantidad`);
}
