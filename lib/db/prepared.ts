import type { Db } from "./client";

const statements = new WeakMap<Db, Map<string, unknown>>();

/**
 * A statement built once per database handle and name, and prepared under that name: for the small
 * queries of the hot paths, drizzle's building of the SQL cost more than PostgreSQL's running of it
 * (docs/performance.md). A statement whose shape varies needs one name per shape.
 */
export function prepared<T>(db: Db, name: string, prepare: (db: Db, name: string) => T): T {
  let byName = statements.get(db);
  if (!byName) {
    byName = new Map();
    statements.set(db, byName);
  }
  if (!byName.has(name)) byName.set(name, prepare(db, name));
  return byName.get(name) as T;
}
