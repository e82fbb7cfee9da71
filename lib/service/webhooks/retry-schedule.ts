/**
 * The retry ladder of docs/contract.md#retries, as a pure function: after a failed attempt, when the next one
 * happens, or `undefined` when the notification is exhausted. The random source is injectable so
 * the jitter bounds can be proven.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** Delays after the 1st, 2nd, … 7th failed attempt; the 8th failure exhausts the notification. */
export const RETRY_LADDER_MS: readonly number[] = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR];
export const MAX_ATTEMPTS = RETRY_LADDER_MS.length + 1;
export const JITTER = 0.2;
/** The least wait after a timeout or a 429. */
export const THROTTLE_FLOOR_MS = 60 * SECOND;

export type AttemptOutcome = {
  /** HTTP status of the answer; 0 when there was none (connection error, refusal, timeout). */
  httpStatus: number;
  timedOut: boolean;
  /** The answer's Retry-After, already converted to milliseconds from now. */
  retryAfterMs?: number;
};

/**
 * Milliseconds until the next attempt after `attempts` attempts (this failure included), or
 * undefined when none is left. `random` returns a number in [0, 1), like Math.random.
 */
export function nextRetryDelay(attempts: number, outcome: AttemptOutcome, random: () => number = Math.random): number | undefined {
  if (attempts < 1 || attempts >= MAX_ATTEMPTS) return undefined;
  const base = RETRY_LADDER_MS[attempts - 1] as number;
  let delay = base * (1 + (random() * 2 - 1) * JITTER);
  if (outcome.timedOut || outcome.httpStatus === 429) delay = Math.max(delay, THROTTLE_FLOOR_MS);
  if (outcome.retryAfterMs !== undefined && outcome.retryAfterMs > delay) delay = Math.min(outcome.retryAfterMs, 2 * delay);
  return Math.round(delay);
}

/** Retry-After as milliseconds from `now`: delta-seconds or an HTTP-date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now: Date): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * SECOND;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now.getTime());
}
