import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { config } from "@/lib/env";

/** A staged enquiry's columns, as the seed sends them. */
const COLUMNS = sql`sid text, agencia_id text, app_id text, external_id text, tipo_anuncio text, origen_lead text,
  momento timestamptz, auto jsonb, interesado jsonb, operador_responsable text`;

/** Seeds take turns: each one's staging table is the same. */
const SEED_LOCK = 7_301_946;

type Execute = Pick<Db, "execute">;

/**
 * Where the seed's enquiries wait, batch by batch (`lote`) and with their search terms made
 * (`terminos`), until its transaction stores them (decision 0128). `open` makes it for the
 * transaction, `stage` writes a batch, and `close` drops it once the transaction has ended.
 *
 * On PostgreSQL, an unlogged table that another connection of the pool (`db`) writes outside the
 * transaction: reading a batch's JSON and making its terms (migration 0031's function) run in a
 * second backend, on the other core, while the transaction stores the batch before. The table holds
 * scratch rows only: a seed that fails leaves the database's enquiries as they were, and the next seed
 * drops what it left there. On PGlite, which has one connection, a temporary table of the transaction.
 */
export function stagingOf(db: Execute) {
  const shared = !config().embedded;
  const table = sql`${sql.identifier(shared ? "demo_consultas_lotes" : "demo_consultas")}`;
  const columns = sql`lote integer, ${COLUMNS}, terminos text[]`;
  let writer = db;
  return {
    table,
    open: async (tx: Execute) => {
      if (shared) {
        await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
        await db.execute(sql`drop table if exists ${table}`);
        await db.execute(sql`create unlogged table ${table} (${columns})`);
      } else {
        writer = tx;
        await tx.execute(sql`create temporary table ${table} (${columns}) on commit drop`);
      }
      await writer.execute(sql`create index on ${table} (lote)`);
    },
    stage: async (lote: number, rows: object[]) => {
      await writer.execute(sql`
        insert into ${table}
        select ${lote}::integer, r.*, consultas_terminos(r.sid, r.external_id, r.auto, r.interesado)
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(${COLUMNS})`);
    },
    close: async () => {
      if (shared) await db.execute(sql`drop table if exists ${table}`);
    },
  };
}

export type Staging = ReturnType<typeof stagingOf>;
