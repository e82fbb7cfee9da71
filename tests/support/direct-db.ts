import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import pg from "pg";
import type { startTestServer } from "./test-server";

type Service = Awaited<ReturnType<typeof startTestServer>>;
export type Query = (sql: string, params?: unknown[]) => Promise<unknown>;

/**
 * Writes straight into a test service's database what the API would refuse today, as rows saved
 * before a rule existed are there. On PostgreSQL beside the running service; PGlite has one owner,
 * so the service is killed meanwhile and started again on the same data.
 */
export async function writeDirectly(service: Service, write: (query: Query) => Promise<unknown>): Promise<void> {
  const url = service.info.env.DATABASE_URL;
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await write((sql, params) => client.query(sql, params));
    } finally {
      await client.end();
    }
    return;
  }
  await service.crash();
  const db = await PGlite.create(path.join(service.info.env.DATA_DIR as string, "pglite"), { extensions: { pg_trgm } });
  try {
    await write((sql, params) => db.query(sql, params));
  } finally {
    await db.close();
  }
  await service.restart();
}
