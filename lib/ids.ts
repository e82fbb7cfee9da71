import { randomFillSync } from "node:crypto";
import { ulid } from "ulid";

/**
 * ULIDs whose randomness comes from a pooled buffer of the OS's secure random bytes. ulid's own
 * generator asks the OS once per character (16 calls per id), which showed up at 4 % of a simple
 * request's CPU (docs/performance.md).
 */
const pool = new Uint8Array(4096);
let next = pool.length;

function pooledRandom(): number {
  if (next >= pool.length) {
    randomFillSync(pool);
    next = 0;
  }
  return (pool[next++] as number) / 256;
}

/** A new ULID, for `time` (default now). */
export const newId = (time?: number): string => ulid(time, pooledRandom);
