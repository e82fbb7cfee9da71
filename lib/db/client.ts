import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { Client, Pool } from "pg";
import { config } from "@/lib/env";
import { planOnceUrl } from "./plan-once";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * `planOnce`: the handle for statements written to plan well without their values (decisions 0018).
 * On PostgreSQL its connections plan each prepared statement once (the generic plan), where the
 * default may plan it again on every execution; PGlite has one connection and one handle.
 * `unlimited`: runs work on a handle without the statement time limit, where the pools have one.
 */
export type Database = {
  db: Db;
  planOnce: Db;
  close: () => Promise<void>;
  unlimited: <T>(work: (db: Db) => Promise<T>) => Promise<T>;
};

/**
 * `statementTimeoutMs`: PostgreSQL cancels a statement of the pools' connections that runs longer
 * (the web process's, decisions 0055); 0 or unset: no limit. PGlite has none to set: it runs each
 * statement to its end.
 */
export type OpenOptions = { statementTimeoutMs?: number };

const migrationsFolder = path.join(process.cwd(), "lib/db/migrations");
const MIGRATION_LOCK = 7_301_945;
const POOL_SIZE = 10;

/** Several web processes and workers may start at once: one migrates, the others wait. */
async function migratePostgres(url: string): Promise<void> {
  // A connection of its own, outside the pools: no statement time limit on the migrations.
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.end(); // which releases the lock
  }
}

/** `work` on a pool of its own, with no statement time limit, closed when it ends. */
async function onOwnPool<T>(url: string, work: (db: Db) => Promise<T>): Promise<T> {
  const pool = new Pool({ connectionString: url, max: 2 });
  try {
    return await work(drizzlePg(pool, { schema }) as unknown as Db);
  } finally {
    await pool.end();
  }
}

async function openPostgres(url: string, { statementTimeoutMs }: OpenOptions): Promise<Database> {
  await migratePostgres(url);
  const limit = statementTimeoutMs ? { statement_timeout: statementTimeoutMs } : {};
  const pool = new Pool({ connectionString: url, max: POOL_SIZE, ...limit });
  const planOncePool = new Pool({ connectionString: planOnceUrl(url), max: POOL_SIZE, ...limit });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    planOnce: drizzlePg(planOncePool, { schema }) as unknown as Db,
    close: async () => {
      await Promise.all([pool.end(), planOncePool.end()]);
    },
    unlimited: (work) => (statementTimeoutMs ? onOwnPool(url, work) : work(db)),
  };
}

async function openPglite(dataDir: string): Promise<Database> {
  const client = await PGlite.create(path.join(dataDir, "pglite"), { extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    planOnce: db as unknown as Db,
    close: () => client.close(),
    unlimited: (work) => work(db as unknown as Db),
  };
}

/** Opens the configured database and applies the migrations. Callers own the returned handle. */
export function openDatabase(options: OpenOptions = {}): Promise<Database> {
  const { databaseUrl, dataDir } = config();
  return databaseUrl ? openPostgres(databaseUrl, options) : openPglite(dataDir);
}
