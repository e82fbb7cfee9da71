import "server-only";
import { and, count, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { consultas, consultasPorDia, consultasPorHora } from "@/lib/db/schema";
import type { Visible } from "@/lib/service/agencias/relation";
import { splitPeriod } from "@/lib/time";

const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

export type CountScope = {
  visible: Visible;
  /** The list's conditions (visibility, period, filters) on `consultas`. */
  where: SQL;
  /** The period, both ends included. */
  from: Date;
  to: Date;
  /** The operator the list is narrowed to, if any (not the administrator: they see everything). */
  operador?: string;
  externalId?: string;
};

/**
 * `Total` of a list without scanning every row (decisions 0009): whole UTC days from the per-day
 * counters, whole hours of the partial days from the per-hour counters (both kept at ingestion), and
 * only the partial hours at both ends counted in `consultas`, all added in one statement. A
 * listing's enquiries (externalid) are few: those are counted directly.
 */
export async function countConsultas(db: Db, scope: CountScope): Promise<number> {
  const counted = (extra?: SQL) =>
    db
      .select({ value: count() })
      .from(consultas)
      .where(extra ? and(scope.where, extra) : scope.where);
  const { firstHour, afterHours, firstDay, afterDays } = splitPeriod(scope.from, scope.to);
  if (scope.externalId || afterHours <= firstHour) {
    const [row] = await counted();
    return Number(row?.value ?? 0);
  }

  const { agencia, relation } = scope.visible;
  const appIds = relation.compartirCatalogo ? [relation.appId, ""] : [relation.appId];
  const counters = (table: typeof consultasPorDia | typeof consultasPorHora) => [
    eq(table.agenciaId, agencia.id),
    inArray(table.appId, appIds),
    scope.operador ? eq(table.operadorResponsable, scope.operador) : undefined,
  ];
  const days = db
    .select({ value: sql`coalesce(sum(${consultasPorDia.cantidad}), 0)` })
    .from(consultasPorDia)
    .where(and(...counters(consultasPorDia), gte(consultasPorDia.dia, isoDay(firstDay)), lt(consultasPorDia.dia, isoDay(afterDays))));
  const hour = (time: number) => new Date(time);
  const hours = db
    .select({ value: sql`coalesce(sum(${consultasPorHora.cantidad}), 0)` })
    .from(consultasPorHora)
    .where(
      and(
        ...counters(consultasPorHora),
        gte(consultasPorHora.hora, hour(firstHour)),
        lt(consultasPorHora.hora, hour(afterHours)),
        sql`not (${consultasPorHora.hora} >= ${hour(firstDay)} and ${consultasPorHora.hora} < ${hour(afterDays)})`,
      ),
    );
  const head = counted(lt(consultas.momento, hour(firstHour)));
  const tail = counted(gte(consultas.momento, hour(afterHours)));
  const result = (await db.execute(sql`select ((${days}) + (${hours}) + (${head}) + (${tail}))::bigint as total`)) as unknown as {
    rows: { total: string | number }[];
  };
  return Number(result.rows[0]?.total ?? 0);
}

/**
 * Adds enquiries to the per-day and per-hour counters, in the transaction (or the statement) that
 * stores them. `nuevas` selects, or inserts returning, agencia_id, app_id, operador_responsable and momento.
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
      do update set cantidad = consultas_por_dia.cantidad + excluded.cantidad)
    insert into consultas_por_hora (agencia_id, app_id, operador_responsable, hora, cantidad)
    select agencia_id, coalesce(app_id, ''), operador_responsable, date_trunc('hour', momento at time zone 'UTC') at time zone 'UTC', count(*)
    from nuevas
    group by 1, 2, 3, 4
    on conflict (agencia_id, app_id, hora, operador_responsable)
    do update set cantidad = consultas_por_hora.cantidad + excluded.cantidad`);
}
