import "server-only";
import { and, eq, gt, inArray, sql } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { panelSignInThrottle } from "@/lib/db/schema-panel";
import { minutosDeBloqueo } from "./ingreso";

/**
 * Sign-in throttling shared by every process (the counts live in the database), so that failures slow
 * down the one who fails, not the account's owner (docs/decisions/0027):
 * - one client address and one account: 5 failures in 15 minutes close that pair for the rest of
 *   the window, the right password included;
 * - one address, whatever the accounts: 50 failures; one account, whatever the addresses: 25.
 *   Either closes the address (or the account) only for pairs that have not signed in successfully
 *   before (in the last 30 days): a user keeps getting in from where they usually do while someone
 *   else sprays e-mails from their office's address or hammers their account from elsewhere.
 * Each attempt is counted before the password is checked, atomically, so parallel attempts cannot
 * slip past a limit; a successful sign-in clears its pair's count, gives back the attempt it counted
 * elsewhere and marks the pair as known.
 */

export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_PAIR = 5;
export const MAX_FAILURES_PER_ADDRESS = 50;
export const MAX_FAILURES_PER_ACCOUNT = 25;
export const KNOWN_PAIR_MS = 30 * 24 * 60 * 60 * 1000;

/** Whose attempt: the client address (undefined when unknown, e.g. outside our HTTP server) and the e-mail typed. */
export type Attempt = { address: string | undefined; email: string };

type ThrottleKey = { key: string; limit: number };

const keysOf = ({ address, email }: Attempt) => {
  const account = email.trim().toLowerCase();
  const from = address ?? "desconocida";
  return {
    pair: `par:${from}|${account}`,
    address: `ip:${from}`,
    account: `email:${account}`,
    known: `conocido:${from}|${account}`,
  };
};

export type AttemptVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

async function esParConocido(key: string, now: Date): Promise<boolean> {
  const db = await getDb();
  const since = new Date(now.getTime() - KNOWN_PAIR_MS);
  const [row] = await db
    .select({ key: panelSignInThrottle.key })
    .from(panelSignInThrottle)
    .where(and(eq(panelSignInThrottle.key, key), gt(panelSignInThrottle.windowStart, since)));
  return row !== undefined;
}

/** Counts one attempt for each key; refused when any key already had `limit` attempts in its window. */
async function contarEnClaves(keys: ThrottleKey[], now: Date): Promise<AttemptVerdict> {
  const db = await getDb();
  const cutoff = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  let retryAfterMs = 0;
  for (const { key, limit } of keys) {
    const stale = sql`${panelSignInThrottle.windowStart} <= ${cutoff.toISOString()}::timestamptz`;
    const [row] = await db
      .insert(panelSignInThrottle)
      .values({ key, windowStart: now, attempts: 1 })
      .onConflictDoUpdate({
        target: panelSignInThrottle.key,
        set: {
          attempts: sql`case when ${stale} then 1 else ${panelSignInThrottle.attempts} + 1 end`,
          windowStart: sql`case when ${stale} then ${now.toISOString()}::timestamptz else ${panelSignInThrottle.windowStart} end`,
        },
      })
      .returning({ attempts: panelSignInThrottle.attempts, windowStart: panelSignInThrottle.windowStart });
    if (row && row.attempts > limit) {
      retryAfterMs = Math.max(retryAfterMs, row.windowStart.getTime() + THROTTLE_WINDOW_MS - now.getTime());
    }
  }
  return retryAfterMs > 0 ? { allowed: false, retryAfterSeconds: Math.ceil(retryAfterMs / 1000) } : { allowed: true };
}

/** Counts the attempt against its pair, its address and its account, each with its own limit. */
export async function contarIntento(attempt: Attempt, now = new Date()): Promise<AttemptVerdict> {
  const keys = keysOf(attempt);
  // A known pair still counts towards the address's and the account's budgets, but is not closed by them.
  const widely = (await esParConocido(keys.known, now)) ? Number.POSITIVE_INFINITY : 1;
  return contarEnClaves(
    [
      { key: keys.pair, limit: MAX_FAILURES_PER_PAIR },
      { key: keys.address, limit: MAX_FAILURES_PER_ADDRESS * widely },
      { key: keys.account, limit: MAX_FAILURES_PER_ACCOUNT * widely },
    ],
    now,
  );
}

/** After a successful sign-in: the pair starts over and is known; its attempt was no failure elsewhere. */
export async function perdonarIntento(attempt: Attempt, now = new Date()): Promise<void> {
  const keys = keysOf(attempt);
  const db = await getDb();
  await db.delete(panelSignInThrottle).where(eq(panelSignInThrottle.key, keys.pair));
  await db
    .update(panelSignInThrottle)
    .set({ attempts: sql`greatest(${panelSignInThrottle.attempts} - 1, 0)` })
    .where(inArray(panelSignInThrottle.key, [keys.address, keys.account]));
  await db
    .insert(panelSignInThrottle)
    .values({ key: keys.known, windowStart: now, attempts: 0 })
    .onConflictDoUpdate({ target: panelSignInThrottle.key, set: { windowStart: now } });
}

export function throttleMessage(retryAfterSeconds: number): string {
  const minutes = minutosDeBloqueo(retryAfterSeconds);
  return `Demasiados intentos fallidos. Por seguridad, el ingreso queda bloqueado ${minutes === 1 ? "1 minuto" : `${minutes} minutos`}; probá de nuevo después.`;
}
