import "server-only";
import { and, desc, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import { PER_PAGINA } from "@/lib/api/consultas";
import type { Db } from "@/lib/db";
import { prepared } from "@/lib/db/prepared";
import { consultas, consultasAtencion, consultasPorHora } from "@/lib/db/schema";
import { atencionColumns, atencionOf, presentedColumns } from "./columns";
import { counterAppIds, counterConditions } from "./count";
import { onPage, pageOfMatches, pageTotal } from "./matches";
import { factsStillTrue, type ListShape, listConditions, listMatches, shapeName } from "./shape";

const newestFirst = [desc(consultas.momento), desc(consultas.sid)];

/**
 * A page of the list, prepared once per shape. The page's sids come first from the list's index
 * alone (an index-only scan, past the earlier pages without reading their rows), then only those 50
 * rows are read, and of them only the columns presented. A deep page (`seek`, on PostgreSQL) starts
 * that walk at its hour, found from the per-hour counters. Placeholders: those of `listConditions`
 * and `offset`, and with `seek` those of `seekPageSids`.
 */
export function pageStatement(db: Db, shape: ListShape, seek: boolean) {
  return prepared(db, shapeName(seek ? "consultas_pagina_honda" : "consultas_pagina", shape), (db, name) => {
    return db
      .select({ ...presentedColumns, atencion: atencionColumns })
      .from(consultas)
      .leftJoin(consultasAtencion, atencionOf(sql.placeholder("app")))
      .where(inArray(consultas.sid, pageSids(db, shape, seek)))
      .orderBy(...newestFirst)
      .prepare(name);
  });
}

/** The sids of a page: the newest first of the list's index (from the seek's hour). */
function pageSids(db: Db, shape: ListShape, seek: boolean) {
  if (seek) return seekPageSids(shape);
  return db
    .select({ sid: consultas.sid })
    .from(consultas)
    .where(listConditions(shape))
    .orderBy(...newestFirst)
    .limit(PER_PAGINA)
    .offset(sql.placeholder("offset"));
}

/**
 * A page of a list with `q`, with its Total and whether the facts are still true, in one statement.
 * A page past the end has no row to carry them.
 */
export function searchPageStatement(db: Db, shape: ListShape) {
  return prepared(db, shapeName("consultas_busqueda_pagina", shape), (db, name) => {
    return db
      .select({ ...presentedColumns, atencion: atencionColumns, total: pageTotal, factsTrue: sql<boolean>`${factsStillTrue(shape)}` })
      .from(consultas)
      .innerJoin(pageOfMatches(listMatches(shape)), onPage)
      .leftJoin(consultasAtencion, atencionOf(sql.placeholder("app")))
      .orderBy(...newestFirst)
      .prepare(name);
  });
}

/**
 * The sids of a deep page (a subquery), found from the per-hour counters (docs/performance.md): walking
 * the hours newest first, the hour whose running total passes the page's offset holds the page's
 * first enquiry, so the index walk starts at the end of that hour and skips only what lies inside it,
 * instead of every enquiry of the pages before. Exactly one hour has the offset between what is newer
 * and its running total. An hour's rows (its app ids, operators and slots, decision 0129) are added
 * up first, so the running total is a plain running sum, one step per hour: a window that excluded an
 * hour's peers from it summed the whole frame again for every row (0.4 s for 2,500 hours). When no
 * whole hour holds the page (past the end, or in a partial first hour) the walk starts at the newest
 * enquiry, as for page 1.
 *
 * The counters of the period's last hour count up to `hourAfter`, the list up to `to`: an enquiry is
 * never stored after the moment it arrives (decisions 0016), so between the two there is only what
 * arrived while this request ran, and the page is then the page as of the statement's start.
 *
 * Placeholders: those of `listConditions`, plus `offset`, `firstHour` and `hourAfter` (counterHours).
 */
function seekPageSids(shape: ListShape): SQL {
  const value = sql.placeholder;
  const offset = sql`${value("offset")}::bigint`;
  // One index range per app id, merged newest first, so the walk stops at the page's hour.
  const hours = counterAppIds(shape).map(
    (appId) => sql`(select ${consultasPorHora.hora}, ${consultasPorHora.cantidad} from ${consultasPorHora}
      where ${and(counterConditions(consultasPorHora, shape, [appId]), gte(consultasPorHora.hora, value("firstHour")), lt(consultasPorHora.hora, value("hourAfter")))}
      order by ${consultasPorHora.hora} desc)`,
  );
  return sql`(with cut as (
      select hora + interval '1 hour' as before, through - cantidad as newer
      from (
        select hora, cantidad, sum(cantidad) over (order by hora desc rows between unbounded preceding and current row) as through
        from (select hora, sum(cantidad)::int as cantidad from (${sql.join(hours, sql` union all `)}) as hours group by hora) as per_hour
      ) as running
      where through > ${offset} and through - cantidad <= ${offset}
      limit 1)
    select ${consultas.sid} from ${consultas}
    where ${listConditions(shape)} and ${consultas.momento} < coalesce((select before from cut), 'infinity'::timestamptz)
    order by ${consultas.momento} desc, ${consultas.sid} desc
    limit ${sql.raw(String(PER_PAGINA))}
    offset coalesce(${offset} - (select newer from cut), ${offset}))`;
}
