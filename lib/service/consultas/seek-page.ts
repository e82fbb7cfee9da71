import "server-only";
import { and, eq, gt, gte, lt, type SQL, sql } from "drizzle-orm";
import { PER_PAGINA } from "@/lib/api/consultas";
import { consultas, consultasPorHora } from "@/lib/db/schema";
import { counterAppIds, counterConditions } from "./count-consultas";
import { type ListShape, listConditions } from "./list-shape";
import { visibleEnquiries } from "./visibility";

const HOUR_MS = 3_600_000;

/** The hour after the one `to` falls in: the per-hour counters up to it cover the whole period's end. */
export const hourAfter = (to: Date) => new Date(Math.floor(to.getTime() / HOUR_MS) * HOUR_MS + HOUR_MS);

/**
 * The sids of a deep page (a subquery), found from the per-hour counters (docs/performance.md): walking the
 * counters newest first, the first hour whose running total passes the page's offset holds its first
 * enquiry, so the index walk starts at the end of that hour and skips only what lies inside it,
 * instead of every enquiry of the pages before. The counters also count the enquiries of the last
 * hour after `to` (`excess`, normally none), which are taken off. When no whole hour holds the page
 * (past the end, or in a partial first hour) the walk starts at the newest enquiry, as for page 1.
 *
 * Placeholders: those of `listConditions`, plus `offset`, `firstHour` and `hourAfter`.
 */
export function seekPageSids(shape: ListShape): SQL {
  const value = sql.placeholder;
  const offset = sql`${value("offset")}::bigint`;
  const excess = sql`(select count(*) from ${consultas} where ${and(
    visibleEnquiries(value("agencia"), value("app"), shape.compartir),
    shape.operador ? eq(consultas.operadorResponsable, value("operador")) : undefined,
    gt(consultas.momento, value("to")),
    lt(consultas.momento, value("hourAfter")),
  )})`;
  // One index range per app id, merged newest first, so the walk stops at the page's hour.
  const hours = counterAppIds(shape).map(
    (appId) => sql`(select ${consultasPorHora.hora}, ${consultasPorHora.cantidad} from ${consultasPorHora}
      where ${and(counterConditions(consultasPorHora, shape, [appId]), gte(consultasPorHora.hora, value("firstHour")), lt(consultasPorHora.hora, value("hourAfter")))}
      order by ${consultasPorHora.hora} desc)`,
  );
  return sql`(with excess as (select ${excess} as n),
    cut as (
      select hora + interval '1 hour' as before, coalesce(newer, 0) - (select n from excess) as newer
      from (
        select hora,
          sum(cantidad) over (newest range between unbounded preceding and current row) as through,
          sum(cantidad) over (newest range between unbounded preceding and current row exclude group) as newer
        from (${sql.join(hours, sql` union all `)}) as hours
        window newest as (order by hora desc)
      ) as running
      where through - (select n from excess) > ${offset}
      order by hora desc
      limit 1)
    select ${consultas.sid} from ${consultas}
    where ${listConditions(shape)} and ${consultas.momento} < coalesce((select before from cut), 'infinity'::timestamptz)
    order by ${consultas.momento} desc, ${consultas.sid} desc
    limit ${PER_PAGINA}
    offset coalesce(${offset} - (select greatest(newer, 0) from cut), ${offset}))`;
}
