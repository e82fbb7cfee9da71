import "server-only";
import { and, count, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { prepared } from "@/lib/db/prepared";
import { consultas, consultasPorDia, consultasPorHora } from "@/lib/db/schema";
import { isoDay, splitPeriod } from "@/lib/time";
import { factsStillTrue, type ListParams, type ListShape, listConditions, listMatches, shapeName } from "./shape";

/**
 * `Total` of a list without scanning every row (decisions 0009): whole UTC days from the per-day
 * counters, whole hours of the partial days from the per-hour counters (both kept at ingestion), and
 * only the partial hours at both ends counted in `consultas`, all added in one statement. A
 * listing's enquiries (externalid) are few, and so are those of a period without a whole hour:
 * those are counted directly, as are those of the app's marks (`atendida`), and a search's (`q`)
 * from its terms' index, which the counters know nothing of. `factsTrue`: whether the facts the list was shaped by are still true.
 */
export async function countConsultas(db: Db, shape: ListShape, params: ListParams): Promise<{ total: number; factsTrue: boolean }> {
  const { firstHour, afterHours, firstDay, afterDays } = splitPeriod(params.from, params.to);
  if (shape.externalId || shape.terminos > 0 || shape.atendida !== undefined || afterHours <= firstHour) {
    const [row] = await prepared(db, shapeName("consultas_cuenta", shape), (db, name) => {
      const counted = db.select({ total: count(), factsTrue: sql<boolean>`${factsStillTrue(shape)}` });
      const rows =
        shape.terminos > 0 ? counted.from(sql`(${listMatches(shape)}) as m`) : counted.from(consultas).where(listConditions(shape));
      return rows.prepare(name);
    }).execute(params);
    return { total: row?.total ?? 0, factsTrue: row?.factsTrue === true };
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
  return { total: Number(row?.total ?? 0), factsTrue: row?.factsTrue === true };
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
      factsTrue: sql<boolean>`${factsStillTrue(shape)}`,
    })
    .from(sql`(select 1) as uno`);
}
