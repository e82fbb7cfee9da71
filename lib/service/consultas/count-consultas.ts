import "server-only";
import { and, count, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { consultas, consultasPorDia } from "@/lib/db/schema";
import type { Visible } from "@/lib/service/agencias/relation";

const DAY_MS = 86_400_000;
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
 * `Total` of a list without scanning every row: whole UTC days come from the per-day counters kept at
 * ingestion, and only the partial days at both ends of the period are counted in `consultas`. A
 * listing's enquiries (externalid) are few: those are counted directly.
 */
export async function countConsultas(db: Db, scope: CountScope): Promise<number> {
  const rows = (extra?: SQL) =>
    db
      .select({ value: count() })
      .from(consultas)
      .where(extra ? and(scope.where, extra) : scope.where)
      .then(([row]) => Number(row?.value ?? 0));
  const firstWholeDay = Math.ceil(scope.from.getTime() / DAY_MS) * DAY_MS;
  const afterLastWholeDay = Math.floor((scope.to.getTime() + 1) / DAY_MS) * DAY_MS;
  if (scope.externalId || afterLastWholeDay <= firstWholeDay) return rows();

  const { agencia, relation } = scope.visible;
  const appIds = relation.compartirCatalogo ? [relation.appId, ""] : [relation.appId];
  const wholeDays = db
    .select({ value: sql<string>`coalesce(sum(${consultasPorDia.cantidad}), 0)` })
    .from(consultasPorDia)
    .where(
      and(
        eq(consultasPorDia.agenciaId, agencia.id),
        inArray(consultasPorDia.appId, appIds),
        scope.operador ? eq(consultasPorDia.operadorResponsable, scope.operador) : undefined,
        gte(consultasPorDia.dia, isoDay(firstWholeDay)),
        lt(consultasPorDia.dia, isoDay(afterLastWholeDay)),
      ),
    )
    .then(([row]) => Number(row?.value ?? 0));
  const [days, head, tail] = await Promise.all([
    wholeDays,
    rows(lt(consultas.momento, new Date(firstWholeDay))),
    rows(gte(consultas.momento, new Date(afterLastWholeDay))),
  ]);
  return days + head + tail;
}

/**
 * Adds enquiries to the per-day counters, in the transaction (or the statement) that stores them.
 * `nuevas` selects, or inserts returning, agencia_id, app_id, operador_responsable and momento.
 */
export function tally(db: Pick<Db, "execute">, nuevas: SQL) {
  return db.execute(sql`
    with nuevas as (${nuevas})
    insert into consultas_por_dia (agencia_id, app_id, operador_responsable, dia, cantidad)
    select agencia_id, coalesce(app_id, ''), operador_responsable, (momento at time zone 'UTC')::date, count(*)
    from nuevas
    group by 1, 2, 3, 4
    on conflict (agencia_id, app_id, operador_responsable, dia)
    do update set cantidad = consultas_por_dia.cantidad + excluded.cantidad`);
}
