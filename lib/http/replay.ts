import "server-only";
import { lt, sql } from "drizzle-orm";
import { type Db, getDb } from "@/lib/db";
import { prepared } from "@/lib/db/prepared";
import { seenSignatures } from "@/lib/db/schema";

export const REPLAY_WINDOW_SECONDS = 600;
/** Expired signatures deleted per statement: each delete stays short, whatever the traffic was. */
const PURGE_CHUNK = 2_000;

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
 * The table is the store shared by every process (docs/contract.md#authentication); the workers purge it
 * (purgeExpiredSignatures), so a request never waits for that.
 */
export async function rememberSignature(signature: string, now = new Date()): Promise<boolean> {
  const db = await getDb();
  const windowStart = new Date(now.getTime() - REPLAY_WINDOW_SECONDS * 1000);
  const inserted = await prepared(db, "remember_signature", prepareRemember).execute({ signature, seenAt: now, windowStart });
  return inserted.length === 1;
}

/**
 * Deletes the signatures older than the window, a chunk per statement, skipping rows another
 * process is deleting at the same moment. Returns how many it deleted.
 */
export async function purgeExpiredSignatures(now = new Date()): Promise<number> {
  const db = await getDb();
  const cutoff = new Date(now.getTime() - REPLAY_WINDOW_SECONDS * 1000);
  let deleted = 0;
  for (;;) {
    const expired = db
      .select({ signature: seenSignatures.signature })
      .from(seenSignatures)
      .where(lt(seenSignatures.seenAt, cutoff))
      .limit(PURGE_CHUNK)
      .for("update", { skipLocked: true });
    const rows = await db
      .delete(seenSignatures)
      .where(sql`${seenSignatures.signature} in (${expired})`)
      .returning({ signature: seenSignatures.signature });
    deleted += rows.length;
    if (rows.length < PURGE_CHUNK) return deleted;
  }
}
