import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { Pool } from "pg";
import { config } from "@/lib/env";
import { planOnceUrl } from "./plan-once";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * `planOnce`: the handle for statements written to plan well without their values (decisions 0018).
 * On PostgreSQL its connections plan each prepared statement once (the generic plan), where the
 * default may plan it again on every execution; PGlite has one connection and one handle.
 */
export type Database = { db: Db; planOnce: Db; close: () => Promise<void> };

const migrationsFolder = path.join(process.cwd(), "lib/db/migrations");
const MIGRATION_LOCK = 7_301_945;
const POOL_SIZE = 10;

async function openPostgres(url: string): Promise<Database> {
  const pool = new Pool({ connectionString: url, max: POOL_SIZE });
  const planOncePool = new Pool({ connectionString: planOnceUrl(url), max: POOL_SIZE });
  const db = drizzlePg(pool, { schema });
  const client = await pool.connect();
  try {
    // Several web processes and workers may start at once: one migrates, the others wait.
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
  return {
    db: db as unknown as Db,
    planOnce: drizzlePg(planOncePool, { schema }) as unknown as Db,
    close: async () => {
      await Promise.all([pool.end(), planOncePool.end()]);
    },
  };
}

async function openPglite(dataDir: string): Promise<Database> {
  const client = await PGlite.create(path.join(dataDir, "pglite"), { extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, planOnce: db as unknown as Db, close: () => client.close() };
}

/** Opens the configured database and applies the migrations. Callers own the returned handle. */
export function openDatabase(): Promise<Database> {
  const { databaseUrl, dataDir } = config();
  return databaseUrl ? openPostgres(databaseUrl) : openPglite(dataDir);
}
