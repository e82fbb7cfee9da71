import "server-only";
import { type Column, desc, type SQL, sql } from "drizzle-orm";
import type { Consulta, ExportarConsultasFilters } from "@/lib/api/consultas";
import { Problem } from "@/lib/api/problem";
import { type Db, getDb, getPlanOnceDb } from "@/lib/db";
import { prepared } from "@/lib/db/prepared";
import { consultas, consultasAtencion } from "@/lib/db/schema";
import type { AuthenticatedApp } from "@/lib/service/apps/find-app";
import { listFacts, listScope } from "./list-facts";
import { factsHold, type ListShape, listConditions, listMatches, shapeName } from "./list-shape";
import { periodOf } from "./period";
import { atencionColumns, atencionOf, presentConsulta, presentedColumns } from "./present-consulta";

/**
 * Enquiries per statement of an export (docs/decisions/0060): each statement reads one index range
 * from where the last one stopped, so it stays as short as a page of the list however long the list
 * is, and no connection is held between two of them (nor while the client is slow to read).
 */
export const POR_LOTE = 500;

/**
 * Where a batch starts: after this enquiry, newest first (`momento` as the database wrote it, to the
 * microsecond, and the sid breaking ties). The first batch starts after the end of time.
 */
type Cursor = { antesMomento: string; antesSid: string };
const START: Cursor = { antesMomento: "infinity", antesSid: "" };

/** The enquiries that come after the cursor, newest first. */
const afterCursor = (table: { momento: Column; sid: Column }): SQL =>
  sql`(${table.momento}, ${table.sid}) < (${sql.placeholder("antesMomento")}::timestamptz, ${sql.placeholder("antesSid")})`;

const newestFirst = [desc(consultas.momento), desc(consultas.sid)];

/**
 * A batch of the export, with the list's conditions (with `q`, its matches from the terms' index),
 * prepared once per shape and size: the presented columns, the app's mark, where the next batch
 * starts, and whether the facts the shape was built on still hold.
 */
function batchStatement(db: Db, shape: ListShape, size: number) {
  return prepared(db, shapeName(`consultas_exportar_${size}`, shape), (db, name) => {
    const columns = {
      ...presentedColumns,
      atencion: atencionColumns,
      cursor: sql<string>`${consultas.momento}::text`,
      vigente: sql<boolean>`${factsHold(shape)}`,
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

type Batch = Awaited<ReturnType<ReturnType<typeof batchStatement>["execute"]>>;

/**
 * GET /v3/consultas/{adminMail}/exportar: every enquiry the list gives with these filters, newest
 * first, in batches. What would be the list's 400 or 404 is thrown here, and the first batch is read,
 * before anything is sent; the rest is read as the caller asks for it. A batch that finds the agency
 * changed (detached, its catalogue sharing or the operator's role) throws: the stream breaks rather
 * than end early.
 */
export async function exportConsultas(
  app: AuthenticatedApp,
  adminMail: string,
  filters: ExportarConsultasFilters,
  size = POR_LOTE,
): Promise<AsyncIterable<Consulta[]>> {
  const [db, planOnce] = await Promise.all([getDb(), getPlanOnceDb()]);
  const facts = await listFacts(db, app.id, adminMail, filters.operador, { fresh: true });
  const { shape, values } = listScope(facts, filters);
  const params = { ...values, ...periodOf(filters) };
  // As the list: a search is planned for its terms (docs/decisions/0040), the rest once.
  const statement = batchStatement(filters.q ? db : planOnce, shape, size);
  const read = async (cursor: Cursor) => {
    const rows = await statement.execute({ ...params, ...cursor });
    if (rows.some((row) => !row.vigente)) {
      throw new Problem(503, "La agencia cambió mientras se exportaban sus consultas: volvé a pedirlas.", undefined, {
        "Retry-After": "1",
      });
    }
    return rows;
  };
  return batches(await read(START), read, size, (row) => presentConsulta(row, facts.adminMail));
}

async function* batches(
  first: Batch,
  read: (cursor: Cursor) => Promise<Batch>,
  size: number,
  present: (row: Batch[number]) => Consulta,
): AsyncGenerator<Consulta[]> {
  for (let rows = first; ; ) {
    yield rows.map(present);
    const last = rows.at(-1);
    if (!last || rows.length < size) return;
    rows = await read({ antesMomento: last.cursor, antesSid: last.sid });
  }
}
