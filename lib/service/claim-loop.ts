import "server-only";
import { logger } from "@/lib/log";
import { sleep } from "@/lib/time";

const IDLE_POLL_MS = 500;

/** A worker that claims leased work from the database and handles several items at once. */
export type ClaimLoop<T> = {
  /** Named in the log when a round fails. */
  name: string;
  /** Items in flight at most: the loop claims again as soon as half of them are free. */
  maxInFlight: number;
  /** Claims up to `limit` items (FOR UPDATE SKIP LOCKED, with a lease): none that another worker holds. */
  claim: (limit: number) => Promise<T[]>;
  /** Handles one item; what it throws is logged, and the item is due again when its lease ends. */
  handle: (item: T) => Promise<unknown>;
  /** Runs before each claim (periodic upkeep). */
  beforeClaim?: () => Promise<void>;
};

/**
 * Waits until an item in flight ends, `IDLE_POLL_MS` pass or the signal aborts, whichever comes
 * first; the timer and its listener on the signal go when the wait ends, however it ends (a busy
 * loop would otherwise pile up a listener per round until its timer fired).
 */
async function idle(inFlight: Set<Promise<unknown>>, signal: AbortSignal): Promise<void> {
  const wake = new AbortController();
  const stop = () => wake.abort();
  signal.addEventListener("abort", stop, { once: true });
  try {
    await Promise.race([sleep(IDLE_POLL_MS, wake.signal), ...inFlight]);
  } finally {
    wake.abort();
    signal.removeEventListener("abort", stop);
  }
}

/**
 * Claims and handles until the signal aborts, then claims nothing more and finishes what it holds:
 * resolves once nothing is in flight (decisions 0050). A slow item holds one slot, not the worker.
 */
export async function runClaimLoop<T>(loop: ClaimLoop<T>, signal: AbortSignal): Promise<void> {
  const inFlight = new Set<Promise<unknown>>();
  const claimWhenFree = Math.max(1, Math.floor(loop.maxInFlight / 2));
  const handle = (item: T) => loop.handle(item).catch((error) => logger().error({ err: error }, `${loop.name} crashed`));
  while (!signal.aborted) {
    let claimed = 0;
    try {
      await loop.beforeClaim?.();
      if (loop.maxInFlight - inFlight.size >= claimWhenFree) {
        const batch = await loop.claim(loop.maxInFlight - inFlight.size);
        claimed = batch.length;
        for (const item of batch) {
          const running = handle(item).finally(() => inFlight.delete(running));
          inFlight.add(running);
        }
      }
    } catch (error) {
      logger().error({ err: error }, `${loop.name} error`);
    }
    if (inFlight.size >= claimWhenFree) await Promise.race(inFlight);
    else if (claimed === 0) await idle(inFlight, signal);
  }
  await Promise.all(inFlight);
}
