import "server-only";
import { eq } from "drizzle-orm";
import { decryptSecret } from "@/lib/crypto/secrets";
import { getDb } from "@/lib/db";
import { apps } from "@/lib/db/schema";
import { config } from "@/lib/env";
import { expiringCache } from "@/lib/expiring-cache";

export type AuthenticatedApp = { id: string; name: string; appKey: string; topics: string[]; secrets: string[] };

/**
 * Every signed request needs its app: kept for a few seconds per process, so most requests skip
 * one database round trip. A stale entry is harmless where it matters: authentication asks again
 * (`fresh`) before refusing a signature, so a secret issued a moment ago by another process works
 * at once; a topic enabled or disabled through the CLI applies within 10 s.
 */
const cache = expiringCache<AuthenticatedApp>(10_000, 10_000);

async function loadApp(appKey: string): Promise<AuthenticatedApp | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(apps).where(eq(apps.appKey, appKey));
  if (!row) return undefined;
  const key = config().secretsKey;
  const sealed = [row.secretPrimary, row.secretSecondary].filter((value): value is string => value !== null);
  return {
    id: row.id,
    name: row.name,
    appKey: row.appKey,
    topics: row.topics,
    secrets: sealed.map((value) => decryptSecret(key, value)),
  };
}

export async function findAppByKey(appKey: string, options: { fresh?: boolean } = {}): Promise<AuthenticatedApp | undefined> {
  const cached = options.fresh ? undefined : cache.get(appKey);
  if (cached) return cached;
  const app = await loadApp(appKey);
  if (app) cache.set(appKey, app);
  else cache.delete(appKey);
  return app;
}

/** An operator's command named an AppKey no app has. */
export class UnknownAppError extends Error {
  constructor(appKey: string) {
    super(`No existe una app con AppKey ${appKey}`);
  }
}
