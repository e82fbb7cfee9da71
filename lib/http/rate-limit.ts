import "server-only";
import { Problem } from "@/lib/api/problem";
import { config } from "@/lib/env";
import { logger } from "@/lib/log";
import { metrics } from "@/lib/metrics";
import { clientAddress } from "@/lib/raw-target";
import { closeCounterStore, counterStore } from "./rate-limit-store";

/**
 * Rate limits in fixed one-minute windows, shared by every web process through a store (the database,
 * or Redis when REDIS_URL is set: lib/http/rate-limit-store.ts): each process counts locally and adds
 * its counts to the store about once a second, learning the others' in the same round trip. Between
 * two flushes the processes together may let through a second's worth of requests over the quota:
 * the price of not writing the store on every request.
 * Headers: draft-ietf-httpapi-ratelimit-headers (RateLimit-Policy, RateLimit), Retry-After on 429.
 */

const WINDOW_SECONDS = 60;
const WINDOW_MS = WINDOW_SECONDS * 1000;
const FLUSH_MS = 1000;

export type PolicyName = "app" | "ip" | "ingreso";
export type Decision = { policy: PolicyName; quota: number; remaining: number; resetSeconds: number };

type Counter = { window: number; pending: number; shared: number };

const holder = globalThis as typeof globalThis & { __vitrinaRateLimits?: { counters: Map<string, Counter>; timer?: NodeJS.Timeout } };
const state = () => {
  holder.__vitrinaRateLimits ??= { counters: new Map() };
  return holder.__vitrinaRateLimits;
};

const policyHeader = (decisions: Decision[]) => decisions.map((d) => `"${d.policy}";q=${d.quota};w=${WINDOW_SECONDS}`).join(", ");
const limitHeader = (decisions: Decision[]) => decisions.map((d) => `"${d.policy}";r=${d.remaining};t=${d.resetSeconds}`).join(", ");

export function rateLimitHeaders(decisions: Decision[]): Record<string, string> {
  return decisions.length === 0 ? {} : { "RateLimit-Policy": policyHeader(decisions), RateLimit: limitHeader(decisions) };
}

export class TooManyRequests extends Problem {
  constructor(decision: Decision) {
    const who = { app: "esta app", ip: "esta dirección", ingreso: "los intentos de ingreso desde esta dirección" }[decision.policy];
    super(
      429,
      `Demasiadas solicitudes para ${who}: el límite es ${decision.quota} por minuto. Reintentá en ${decision.resetSeconds} s.`,
      undefined,
      {
        "Retry-After": String(decision.resetSeconds),
        ...rateLimitHeaders([decision]),
      },
    );
  }
}

/** The connection's peer address, as our HTTP server stamped it. */
export function clientOf(request: Request): string {
  return clientAddress(request.headers) || "desconocida";
}

/** Counts one request of `id` under the policy; throws TooManyRequests when the window is used up. */
export function consume(policy: PolicyName, id: string, now = Date.now()): Decision | undefined {
  const quota = config().rateLimits[policy === "ingreso" ? "signIn" : policy];
  if (quota === 0) return undefined;
  const window = Math.floor(now / WINDOW_MS) * WINDOW_MS;
  const key = `${policy}:${id}`;
  const { counters } = state();
  let counter = counters.get(key);
  if (!counter || counter.window !== window) {
    counter = { window, pending: 0, shared: 0 };
    counters.set(key, counter);
  }
  scheduleFlush();
  const used = counter.shared + counter.pending;
  const resetSeconds = Math.max(1, Math.ceil((window + WINDOW_MS - now) / 1000));
  const decision = { policy, quota, remaining: Math.max(0, quota - used - 1), resetSeconds };
  if (used >= quota) {
    metrics().rateLimitRefusals.inc({ policy });
    throw new TooManyRequests({ ...decision, remaining: 0 });
  }
  counter.pending += 1;
  return decision;
}

function scheduleFlush() {
  const current = state();
  if (current.timer) return;
  current.timer = setInterval(() => void flush(), FLUSH_MS);
  current.timer.unref();
}

/** Counts sent to the store count as shared right away; the answer then says the exact total. */
function moveToShared(counter: Counter, count: number) {
  counter.pending -= count;
  counter.shared += count;
}

/** Adds this process's counts to the shared ones and learns the totals (one round trip for all keys). */
export async function flush(now = Date.now()): Promise<void> {
  const { counters } = state();
  const window = Math.floor(now / WINDOW_MS) * WINDOW_MS;
  const sent = new Map<string, number>();
  for (const [key, counter] of counters) {
    if (counter.window !== window) counters.delete(key);
    else sent.set(key, counter.pending);
  }
  if (sent.size === 0) return;
  for (const [key, count] of sent) moveToShared(counters.get(key) as Counter, count);
  try {
    const totals = await counterStore().add({ start: window, end: window + WINDOW_MS }, sent);
    for (const [key, total] of totals) {
      const counter = counters.get(key);
      if (counter?.window === window) counter.shared = total;
    }
  } catch (error) {
    for (const [key, count] of sent) {
      const counter = counters.get(key);
      if (counter) moveToShared(counter, -count);
    }
    logger().warn({ err: error }, "rate limit counters not flushed");
  }
}

/** A stopping process's last counts go to the store; then its connection to Redis closes. */
export async function closeRateLimits(): Promise<void> {
  const current = state();
  clearInterval(current.timer);
  current.timer = undefined;
  await flush();
  await closeCounterStore();
}
