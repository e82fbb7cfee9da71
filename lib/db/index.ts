import { AsyncLocalStorage } from "node:async_hooks";
import path from "node:path";
import type { SQL } from "drizzle-orm";
import { config } from "@/lib/env";
import { type Database, type Db, type OpenOptions, openDatabase } from "./client";
import { acquireDataDirLock } from "./lock";
import { makePrivate, tightenModes } from "./private-dir";

export type { Db } from "./client";

// Kept on globalThis: Next bundles instrumentation and each route separately, and they must share
// one database (PGlite allows one owner per directory).
const holder = globalThis as typeof globalThis & { __vitrinaDb?: Promise<Database> };

export function adminSocketPath(dataDir: string): string {
  return path.join(dataDir, "admin.sock");
}

async function openOwned(options: OpenOptions): Promise<Database> {
  const { embedded, dataDir } = config();
  if (!embedded) return openDatabase(options);
  makePrivate(dataDir);
  const release = acquireDataDirLock(dataDir, adminSocketPath(dataDir));
  process.once("exit", release);
  try {
    const database = await openDatabase(options);
    tightenModes(dataDir);
    return {
      ...database,
      close: async () => {
        await database.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

async function database(options: OpenOptions = {}): Promise<Database> {
  holder.__vitrinaDb ??= openOwned(options);
  try {
    return await holder.__vitrinaDb;
  } catch (error) {
    holder.__vitrinaDb = undefined;
    throw error;
  }
}

/** The handle of the work `withoutStatementLimit` runs. */
const unlimited = new AsyncLocalStorage<Db>();

/**
 * Opens the web process's database before anything else uses it: its pools cancel a statement past
 * DATABASE_STATEMENT_TIMEOUT_MS (decisions 0055). Workers and the operator CLI open theirs on first
 * use, without a limit.
 */
export async function openWebDb(statementTimeoutMs: number): Promise<void> {
  if (holder.__vitrinaDb) throw new Error("La base de datos ya estaba abierta: el límite de tiempo de las sentencias no se aplicaría.");
  await database({ statementTimeoutMs });
}

/** The process's database, opened (and migrated) on first use. */
export async function getDb(): Promise<Db> {
  return unlimited.getStore() ?? (await database()).db;
}

/**
 * Runs `work` with getDb() answering a handle without the web process's statement time limit: the
 * demo seeded at start-up, whose statements are long by nature (decisions 0055).
 */
export async function withoutStatementLimit<T>(work: () => Promise<T>): Promise<T> {
  return (await database()).unlimited((db) => unlimited.run(db, work));
}

/**
 * The same database for statements that plan well without their values: PostgreSQL plans each of
 * them once per connection instead of again on every execution (decisions 0018).
 */
export async function getPlanOnceDb(): Promise<Db> {
  return unlimited.getStore() ?? (await database()).planOnce;
}

export async function closeDb(): Promise<void> {
  const handle = holder.__vitrinaDb;
  holder.__vitrinaDb = undefined;
  if (handle) await (await handle).close();
}

/** Rows of a raw SQL query; both drivers (PGlite and node-postgres) answer with `rows`. */
export async function queryRows<T>(query: SQL): Promise<T[]> {
  const result = (await (await getDb()).execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Runs reads in one snapshot (a read-only REPEATABLE READ transaction): what several statements read
 * belongs to one moment, never half before and half after another process's commit.
 */
export async function inSnapshot<T>(read: (db: Db) => Promise<T>): Promise<T> {
  const db = await getDb();
  return db.transaction((tx) => read(tx as unknown as Db), { isolationLevel: "repeatable read", accessMode: "read only" });
}
