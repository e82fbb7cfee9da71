/**
 * Whether a query failed because it would repeat a key of the unique index `index` (PostgreSQL's
 * unique_violation, 23505), under the wrappers drizzle puts around the driver's error.
 */
export function violatesUnique(error: unknown, index: string): boolean {
  let cause = error;
  for (let depth = 0; depth < 5 && typeof cause === "object" && cause !== null; depth++) {
    const { code, constraint } = cause as { code?: unknown; constraint?: unknown };
    if (code === "23505") return constraint === index;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}
