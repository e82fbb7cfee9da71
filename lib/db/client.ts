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
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

type Database = { db: Db; close: () => Promise<void> };

const migrationsFolder = path.join(process.cwd(), "lib/db/migrations");
const MIGRATION_LOCK = 7_301_945;

async function openPostgres(url: string): Promise<Database> {
  const pool = new Pool({ connectionString: url, max: 10 });
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
  return { db: db as unknown as Db, close: () => pool.end() };
}

async function openPglite(dataDir: string): Promise<Database> {
  const client = await PGlite.create(path.join(dataDir, "pglite"), { extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, close: () => client.close() };
}

/** Opens the configured database and applies the migrations. Callers own the returned handle. */
export function openDatabase(): Promise<Database> {
  const { databaseUrl, dataDir } = config();
  return databaseUrl ? openPostgres(databaseUrl) : openPglite(dataDir);
}
