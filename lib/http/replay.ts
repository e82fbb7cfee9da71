import "server-only";
import { lt, sql } from "drizzle-orm";
import { type Db, getDb } from "@/lib/db";
import { prepared } from "@/lib/db/prepared";
import { seenSignatures } from "@/lib/db/schema";

export const REPLAY_WINDOW_SECONDS = 600;
const PURGE_EVERY_MS = 60_000;
let lastPurge = 0;

/** The insert of every signed request. */
function prepareRemember(db: Db, name: string) {
  return db
    .insert(seenSignatures)
    .values({ signature: sql.placeholder("signature"), seenAt: sql.placeholder("seenAt") })
    .onConflictDoUpdate({
      target: seenSignatures.signature,
      set: { seenAt: sql`excluded.seen_at` },
      // An old entry outside the window is no replay: take it over.
      setWhere: lt(seenSignatures.seenAt, sql.placeholder("windowStart")),
    })
    .returning({ signature: seenSignatures.signature })
    .prepare(name);
}

/**
 * Records an accepted signature; false when it was already accepted inside the window.
 * The table is the store shared by every process (decisions §3).
 */
export async function rememberSignature(signature: string, now = new Date()): Promise<boolean> {
  const db = await getDb();
  const windowStart = new Date(now.getTime() - REPLAY_WINDOW_SECONDS * 1000);
  if (now.getTime() - lastPurge > PURGE_EVERY_MS) {
    lastPurge = now.getTime();
    await db.delete(seenSignatures).where(lt(seenSignatures.seenAt, windowStart));
  }
  const inserted = await prepared(db, "remember_signature", prepareRemember).execute({ signature, seenAt: now, windowStart });
  return inserted.length === 1;
}
