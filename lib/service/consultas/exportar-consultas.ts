import "server-only";
import type { Consulta, ExportarConsultasFilters } from "@/lib/api/consultas";
import { Problem } from "@/lib/api/problem";
import { getDb, getPlanOnceDb } from "@/lib/db";
import type { AuthenticatedApp } from "@/lib/service/apps/find-app";
import { listFacts, listScope } from "./facts";
import { periodOf } from "./period";
import { presentConsulta } from "./present-consulta";
import { batchStatement, type Cursor, START } from "./sql/export";

/**
 * Enquiries per statement of an export (docs/decisions/0060): each statement reads one index range
 * from where the last one stopped, so it stays as short as a page of the list however long the list
 * is, and no connection is held between two of them (nor while the client is slow to read).
 */
export const POR_LOTE = 500;

type Batch = Awaited<ReturnType<ReturnType<typeof batchStatement>["execute"]>>;

/**
 * GET /v3/consultas/{adminMail}/exportar (exportarConsultas): every enquiry the list gives with these
 * filters, newest first, in batches. What would be the list's 400 or 404 is thrown here, and the
 * first batch is read, before anything is sent; the rest is read as the caller asks for it. A batch
 * that finds the agency changed (detached, its catalogue sharing or the operator's role) throws: the
 * stream breaks rather than end early.
 */
export async function exportarConsultas(
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
    if (rows.some((row) => !row.factsTrue)) {
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
