import "server-only";
import { lt, sql } from "drizzle-orm";
import { type Db, getDb } from "@/lib/db";
import { prepared } from "@/lib/db/prepared";
import { seenSignatures } from "@/lib/db/schema";

export const REPLAY_WINDOW_SECONDS = 600;
/** Expired signatures deleted per statement: each delete stays short, whatever the traffic was. */
const PURGE_CHUNK = 2_000;

/** Signatures recorded in one statement at most: a batch's statement stays small whatever the load. */
const MAX_BATCH = 256;

/**
 * The insert of every signed request's signature, for a batch of them (a JSON array of
 * `{signature, seenAt}`): an old entry outside the window is no replay, and is taken over.
 */
function prepareRemember(db: Db, name: string) {
  const batch = sql`select signature, seen_at from json_to_recordset(${sql.placeholder("batch")}::json)
    as firmas(signature text, seen_at timestamptz)`;
  return db
    .insert(seenSignatures)
    .select(batch)
    .onConflictDoUpdate({
      target: seenSignatures.signature,
      set: { seenAt: sql`excluded.seen_at` },
      setWhere: lt(seenSignatures.seenAt, sql`excluded.seen_at - make_interval(secs => ${sql.raw(String(REPLAY_WINDOW_SECONDS))})`),
    })
    .returning({ signature: seenSignatures.signature })
    .prepare(name);
}

type Waiting = { signature: string; seenAt: Date; settle: (accepted: boolean) => void; fail: (error: unknown) => void };

/** The signatures waiting for the next statement, and whether one is under way. */
const state: { waiting: Waiting[]; sending: boolean } = { waiting: [], sending: false };

/** One statement for a batch: a signature twice in it is accepted once, the other a replay. */
async function recordBatch(batch: Waiting[]): Promise<void> {
  const first = new Map<string, Waiting>();
  for (const item of batch) if (!first.has(item.signature)) first.set(item.signature, item);
  // In the same order in every process, so two batches never wait on each other's rows in turn.
  const rows = [...first.values()]
    .sort((a, b) => (a.signature < b.signature ? -1 : 1))
    .map((item) => ({ signature: item.signature, seen_at: item.seenAt.toISOString() }));
  try {
    const db = await getDb();
    const inserted = await prepared(db, "remember_signatures", prepareRemember).execute({ batch: JSON.stringify(rows) });
    const accepted = new Set(inserted.map((row) => row.signature));
    for (const item of batch) item.settle(first.get(item.signature) === item && accepted.has(item.signature));
  } catch (error) {
    for (const item of batch) item.fail(error);
  }
}

async function sendWaiting(): Promise<void> {
  state.sending = true;
  try {
    while (state.waiting.length > 0) await recordBatch(state.waiting.splice(0, MAX_BATCH));
  } finally {
    state.sending = false;
  }
}

/**
 * Records an accepted signature; false when it was already accepted inside the window.
 * The table is the store shared by every process (docs/contract.md#authentication); the workers purge it
 * (purgeExpiredSignatures), so a request never waits for that. The signatures that arrive while a
 * statement is under way go together in the next one (decision 0122): under load one round trip
 * records many requests' signatures, alone a request's own is sent at once.
 */
export function rememberSignature(signature: string, now = new Date()): Promise<boolean> {
  return new Promise((settle, fail) => {
    state.waiting.push({ signature, seenAt: now, settle, fail });
    if (!state.sending) void sendWaiting();
  });
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
