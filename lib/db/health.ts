import { sql } from "drizzle-orm";
import { logger } from "@/lib/log";
import { queryRows } from "./index";
import journal from "./migrations/meta/_journal.json";

/** The newest migration this code ships (when drizzle-kit generated it: the migrator's created_at). */
const NEWEST_MIGRATION = Math.max(...journal.entries.map((entry) => entry.when));

export type DatabaseProblem = { reason: "database-unreachable" | "migrations-pending"; detail: string };

/**
 * Whether the database answers within `timeoutMs` and holds every migration this code ships: one
 * short statement on the process's pool (an indexed read of drizzle's small migrations table). A
 * database restored from an older backup, or a pool that cannot get a connection, makes the process
 * not ready rather than failing requests.
 */
export async function databaseProblem(timeoutMs: number): Promise<DatabaseProblem | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), timeoutMs);
  });
  try {
    const read = queryRows<{ newest: string | number | null }>(sql`select max(created_at) as newest from drizzle.__drizzle_migrations`);
    read.catch(() => {});
    const rows = await Promise.race([read, timeout]);
    if (rows === "timeout") return { reason: "database-unreachable", detail: `La base de datos no respondió en ${timeoutMs} ms.` };
    const newest = Number(rows[0]?.newest ?? 0);
    if (newest < NEWEST_MIGRATION)
      return { reason: "migrations-pending", detail: "La base de datos no tiene todas las migraciones de esta versión." };
    return undefined;
  } catch (error) {
    // The probe is unauthenticated: the error (addresses, names) goes to the log, not to the answer.
    logger().warn({ err: error }, "readiness: database check failed");
    return { reason: "database-unreachable", detail: "La base de datos no respondió." };
  } finally {
    clearTimeout(timer);
  }
}
