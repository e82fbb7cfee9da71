import "server-only";
import { eq, sql } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { panelSignInThrottle } from "@/lib/db/schema-panel";
import { minutosDeBloqueo } from "./ingreso";

/**
 * Sign-in throttling shared by every process (the counts live in the database). Each attempt is
 * counted before the password is checked, atomically, so parallel attempts cannot slip past the
 * limit; a successful sign-in clears its e-mail's count and gives back its IP's attempt.
 */

export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_IP = 20;

export type ThrottleKey = { key: string; limit: number };

export const emailKey = (email: string): ThrottleKey => ({ key: `email:${email.trim().toLowerCase()}`, limit: MAX_FAILURES_PER_EMAIL });
export const ipKey = (ip: string): ThrottleKey => ({ key: `ip:${ip}`, limit: MAX_FAILURES_PER_IP });

export type AttemptVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Counts one attempt for each key; refused when any key already had `limit` attempts in its window. */
export async function countAttempt(keys: ThrottleKey[], now = new Date()): Promise<AttemptVerdict> {
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

/** After a successful sign-in: the e-mail starts over, and the IP's attempt was not a failure. */
export async function forgiveAttempt(email: ThrottleKey, ip?: ThrottleKey): Promise<void> {
  const db = await getDb();
  await db.delete(panelSignInThrottle).where(eq(panelSignInThrottle.key, email.key));
  if (ip) {
    await db
      .update(panelSignInThrottle)
      .set({ attempts: sql`greatest(${panelSignInThrottle.attempts} - 1, 0)` })
      .where(eq(panelSignInThrottle.key, ip.key));
  }
}

export function throttleMessage(retryAfterSeconds: number): string {
  const minutes = minutosDeBloqueo(retryAfterSeconds);
  return `Demasiados intentos fallidos. Por seguridad, el ingreso queda bloqueado ${minutes === 1 ? "1 minuto" : `${minutes} minutos`}; probá de nuevo después.`;
}
