import "server-only";
import { lt, sql } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { seenSignatures } from "@/lib/db/schema";

export const REPLAY_WINDOW_SECONDS = 600;
const PURGE_EVERY_MS = 60_000;
let lastPurge = 0;

/**
 * Records an accepted signature; false when it was already accepted inside the window.
 * The table is the store shared by every process (decisions §3).
 */
export async function rememberSignature(signature: string, now = new Date()): Promise<boolean> {
  const db = await getDb();
  if (now.getTime() - lastPurge > PURGE_EVERY_MS) {
    lastPurge = now.getTime();
    await db.delete(seenSignatures).where(lt(seenSignatures.seenAt, new Date(now.getTime() - REPLAY_WINDOW_SECONDS * 1000)));
  }
  const inserted = await db
    .insert(seenSignatures)
    .values({ signature, seenAt: now })
    .onConflictDoUpdate({
      target: seenSignatures.signature,
      set: { seenAt: now },
      // An old entry outside the window is no replay: take it over.
      setWhere: lt(seenSignatures.seenAt, sql`${new Date(now.getTime() - REPLAY_WINDOW_SECONDS * 1000)}`),
    })
    .returning({ signature: seenSignatures.signature });
  return inserted.length === 1;
}
