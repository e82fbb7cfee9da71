/** Delay before the next attempt after `attempts` failures: 5 s, 30 s, 2 min, 10 min, then hourly. */
export function mailRetryDelayMs(attempts: number): number {
  const steps = [5_000, 30_000, 120_000, 600_000];
  return steps[attempts - 1] ?? 3_600_000;
}

/** After this many failed attempts a message is marked `fallido` (with its last error), never dropped. */
export const MAIL_MAX_ATTEMPTS = 20;
