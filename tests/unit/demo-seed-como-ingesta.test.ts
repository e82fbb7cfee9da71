import { afterAll, describe, expect, it } from "vitest";
import { removeDataDir } from "../support/pglite-propia";

/**
 * `seed demo` stores its enquiries in one statement (decision 0085): what it leaves beside them,
 * the search terms, the four counters and the agencies' revisions, is what ingestion's statements
 * leave for the same enquiries stored one at a time.
 */

const { closeDb, getDb, queryRows } = await import("@/lib/db");
const { sql } = await import("drizzle-orm");
const { consultas } = await import("@/lib/db/schema");
const { seedDemo } = await import("@/lib/service/demo/seed-demo");
const { storeConsulta } = await import("@/lib/service/consultas/ingest-consulta");

const KEPT = [
  "consultas_terminos",
  "consultas_por_dia",
  "consultas_por_hora",
  "consultas_por_publicacion",
  "consultas_por_publicacion_semana",
  "consultas_revisiones",
];

/** Every row of every table kept beside the enquiries, as text, in order. */
async function keptRows() {
  const tables: Record<string, string[]> = {};
  for (const table of KEPT) {
    const rows = await queryRows<{ fila: string }>(sql`select row_to_json(t)::text as fila from ${sql.identifier(table)} t order by 1`);
    tables[table] = rows.map((row) => row.fila);
  }
  return tables;
}

afterAll(async () => {
  await closeDb();
  removeDataDir();
});

describe("seed demo", () => {
  it("leaves the terms, counters and revisions that ingesting its enquiries one by one leaves", async () => {
    const db = await getDb();
    // The first seed outnumbers what the database held: its terms' index is built afresh; the second
    // does not, and its terms go into the index (decision 0120).
    await seedDemo({ consultas: 80, seed: 31 });
    await seedDemo({ consultas: 20, seed: 32 });
    const seeded = await keptRows();
    expect(seeded.consultas_terminos?.length).toBeGreaterThan(100 * 10);
    for (const table of KEPT) expect(seeded[table]?.length, table).toBeGreaterThan(0);
    const [total] = await queryRows<{ revisiones: number }>(sql`select sum(revision)::int as revisiones from consultas_revisiones`);
    expect(total?.revisiones).toBe(100);
    const [index] = await queryRows<{ definicion: string }>(sql`select pg_get_indexdef('consultas_terminos_idx'::regclass) as definicion`);
    expect(index?.definicion).toContain("(agencia_id, termino text_pattern_ops, momento, sid, app_id, tipo_anuncio, operador_responsable)");

    const rows = await db.select().from(consultas).orderBy(consultas.momento, consultas.sid);
    await db.delete(consultas);
    for (const table of KEPT.slice(1)) await db.execute(sql`delete from ${sql.identifier(table)}`);
    expect(Object.values(await keptRows()).flat()).toEqual([]);

    for (const row of rows) await db.transaction((tx) => storeConsulta(tx, row));
    expect(await keptRows()).toEqual(seeded);
  }, 120_000);
});
