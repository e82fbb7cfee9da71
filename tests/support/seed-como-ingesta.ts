import { expect } from "vitest";

/**
 * `seed demo` stores its enquiries in batches, each in one statement (decisions 0085, 0128): what it
 * leaves beside them, the search terms, the four counters and the agencies' revisions, is what
 * ingestion's statements leave for the same enquiries stored one at a time; a seed that fails leaves
 * all of it as it was. Run by a unit test once its database is configured (PGlite or PostgreSQL).
 */

const { getDb, queryRows } = await import("@/lib/db");
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

/** Batches of 7: a few enquiries make several, and the last one short. */
const BATCH = 7;

/** Every row of every table kept beside the enquiries, as text, in order. */
async function keptRows() {
  const tables: Record<string, string[]> = {};
  for (const table of KEPT) {
    const rows = await queryRows<{ fila: string }>(sql`select row_to_json(t)::text as fila from ${sql.identifier(table)} t order by 1`);
    tables[table] = rows.map((row) => row.fila);
  }
  return tables;
}

const termsIndex = async () =>
  (await queryRows<{ definicion: string }>(sql`select pg_get_indexdef('consultas_terminos_idx'::regclass) as definicion`))[0]?.definicion;

/** The enquiries' and their terms' indexes and constraints, as defined (a larger seed drops and makes them again). */
async function definitions() {
  const rows = await queryRows<{ definicion: string }>(sql`
    select pg_get_indexdef(indexrelid) as definicion from pg_index where indrelid in ('consultas'::regclass, 'consultas_terminos'::regclass)
    union all
    select conname || ' ' || pg_get_constraintdef(oid) from pg_constraint where conrelid in ('consultas'::regclass, 'consultas_terminos'::regclass)
    order by 1`);
  return rows.map((row) => row.definicion);
}

/** The seed's staging table on PostgreSQL, if it is still there. */
const staging = async () =>
  (await queryRows<{ tabla: string | null }>(sql`select to_regclass('demo_consultas_lotes')::text as tabla`))[0]?.tabla;

export async function seedLeavesWhatIngestionLeaves() {
  const db = await getDb();
  const defined = await definitions();
  expect(defined.length).toBeGreaterThan(7);
  // The first seed outnumbers what the database held: its terms' index is built afresh; the second
  // does not, and its terms go into the index (decision 0120).
  await seedDemo({ consultas: 80, seed: 31, batch: BATCH });
  await seedDemo({ consultas: 20, seed: 32, batch: BATCH });
  const seeded = await keptRows();
  expect(seeded.consultas_terminos?.length).toBeGreaterThan(100 * 10);
  for (const table of KEPT) expect(seeded[table]?.length, table).toBeGreaterThan(0);
  const [total] = await queryRows<{ revisiones: number }>(sql`select sum(revision)::int as revisiones from consultas_revisiones`);
  expect(total?.revisiones).toBe(100);
  expect(await termsIndex()).toContain("(agencia_id, termino text_pattern_ops, momento, sid, app_id, tipo_anuncio, operador_responsable)");
  expect(await definitions()).toEqual(defined);
  expect(await staging()).toBeNull();

  const rows = await db.select().from(consultas).orderBy(consultas.momento, consultas.sid);
  await db.delete(consultas);
  for (const table of KEPT.slice(1)) await db.execute(sql`delete from ${sql.identifier(table)}`);
  expect(Object.values(await keptRows()).flat()).toEqual([]);

  for (const row of rows) await db.transaction((tx) => storeConsulta(tx, row));
  expect(await keptRows()).toEqual(seeded);
}

export async function failedSeedLeavesNothing() {
  await seedDemo({ consultas: 30, seed: 33, batch: BATCH });
  const state = async () => ({
    kept: await keptRows(),
    consultas: (await queryRows<{ n: number }>(sql`select count(*)::int as n from consultas`))[0]?.n,
    definitions: await definitions(),
  });
  const before = await state();
  // More than the database holds (the indexes dropped, to be made again), then fewer (kept):
  // each fails after its first two batches were stored and the third staged.
  for (const count of [70, 20]) {
    const failing = seedDemo({ consultas: count, seed: 34, batch: BATCH }, (done) => {
      if (done >= 2 * BATCH) throw new Error("the seed fails here");
    });
    await expect(failing).rejects.toThrow("the seed fails here");
    expect(await state(), `a seed of ${count}`).toEqual(before);
    expect(await staging()).toBeNull();
  }
}
