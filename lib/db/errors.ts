/** The driver's error under the wrappers drizzle puts around it: the first cause with a PostgreSQL code. */
function databaseError(error: unknown): { code: string; constraint?: unknown } | undefined {
  let cause = error;
  for (let depth = 0; depth < 5 && typeof cause === "object" && cause !== null; depth++) {
    const { code } = cause as { code?: unknown };
    if (typeof code === "string") return cause as { code: string; constraint?: unknown };
    cause = (cause as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Whether a query failed because it would repeat a key of the unique index `index` (unique_violation, 23505). */
export function violatesUnique(error: unknown, index: string): boolean {
  const cause = databaseError(error);
  return cause?.code === "23505" && cause.constraint === index;
}

/**
 * Whether PostgreSQL cancelled the statement (query_canceled, 57014): in a web process, one that ran
 * past DATABASE_STATEMENT_TIMEOUT_MS (decisions 0055).
 */
export function statementCancelled(error: unknown): boolean {
  return databaseError(error)?.code === "57014";
}
