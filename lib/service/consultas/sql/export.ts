import "server-only";
import { type Column, desc, type SQL, sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { prepared } from "@/lib/db/prepared";
import { consultas, consultasAtencion } from "@/lib/db/schema";
import { atencionColumns, atencionOf, presentedColumns } from "./columns";
import { factsStillTrue, type ListShape, listConditions, listMatches, shapeName } from "./shape";

/**
 * Where a batch starts: after this enquiry, newest first (`momento` as the database wrote it, to the
 * microsecond, and the sid breaking ties). The first batch starts after the end of time.
 */
export type Cursor = { antesMomento: string; antesSid: string };
export const START: Cursor = { antesMomento: "infinity", antesSid: "" };

/** The enquiries that come after the cursor, newest first. */
const afterCursor = (table: { momento: Column; sid: Column }): SQL =>
  sql`(${table.momento}, ${table.sid}) < (${sql.placeholder("antesMomento")}::timestamptz, ${sql.placeholder("antesSid")})`;

const newestFirst = [desc(consultas.momento), desc(consultas.sid)];

/**
 * A batch of the export, with the list's conditions (with `q`, its matches from the terms' index),
 * prepared once per shape and size: the presented columns, the app's mark, where the next batch
 * starts (`cursor`), and whether the facts the shape was built on are still true. Placeholders:
 * the list's and the cursor's.
 */
export function batchStatement(db: Db, shape: ListShape, size: number) {
  return prepared(db, shapeName(`consultas_exportar_${size}`, shape), (db, name) => {
    const columns = {
      ...presentedColumns,
      atencion: atencionColumns,
      cursor: sql<string>`${consultas.momento}::text`,
      factsTrue: sql<boolean>`${factsStillTrue(shape)}`,
    };
    const batch =
      shape.terminos > 0
        ? sql`${consultas.sid} in (select m.sid from (${listMatches(shape, afterCursor)}) as m
            order by m.momento desc, m.sid desc limit ${sql.raw(String(size))})`
        : sql`${listConditions(shape)} and ${afterCursor(consultas)}`;
    return db
      .select(columns)
      .from(consultas)
      .leftJoin(consultasAtencion, atencionOf(sql.placeholder("app")))
      .where(batch)
      .orderBy(...newestFirst)
      .limit(size)
      .prepare(name);
  });
}
