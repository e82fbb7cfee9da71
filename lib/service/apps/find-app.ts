import "server-only";
import { eq } from "drizzle-orm";
import { decryptSecret } from "@/lib/crypto/secrets";
import { getDb } from "@/lib/db";
import { apps } from "@/lib/db/schema";
import { config } from "@/lib/env";

export type AuthenticatedApp = { id: string; name: string; appKey: string; topics: string[]; secrets: string[] };

export async function findAppByKey(appKey: string): Promise<AuthenticatedApp | undefined> {
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
