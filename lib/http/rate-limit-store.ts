import "server-only";
import { sql } from "drizzle-orm";
import { Redis } from "ioredis";
import { getDb } from "@/lib/db";
import { config } from "@/lib/env";
import { logger } from "@/lib/log";

/**
 * Where the web processes share their rate-limit counts (lib/http/rate-limit.ts): Redis when
 * REDIS_URL is set, otherwise the database. `add` adds one process's counts of a window (zero for a
 * key it only wants to read) and answers the totals of every process, by key, in one round trip.
 */
export type Window = { start: number; end: number };
export type CounterStore = { add(window: Window, counts: Map<string, number>): Promise<Map<string, number>> };

export function counterStore(): CounterStore {
  return config().redisUrl ? redisStore : databaseStore;
}

/** One statement for all keys; windows older than five minutes are deleted now and then. */
const databaseStore: CounterStore = {
  async add(window, counts) {
    const windowStart = new Date(window.start).toISOString();
    const batch = [...counts].map(([key, count]) => ({ key, window_start: windowStart, count }));
    const db = await getDb();
    const result = (await db.execute(sql`
      insert into rate_limit_counters (key, window_start, count)
      select key, window_start, count from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as r(key text, window_start timestamptz, count int)
      on conflict (key, window_start) do update set count = rate_limit_counters.count + excluded.count
      returning key, count`)) as unknown as { rows: { key: string; count: number }[] };
    if (Math.random() < 0.02) await db.execute(sql`delete from rate_limit_counters where window_start < now() - interval '5 minutes'`);
    return new Map(result.rows.map((row) => [row.key, Number(row.count)]));
  },
};

/** A window's keys outlive it by this much, for processes whose clocks run a little behind. */
const EXPIRY_MARGIN_MS = 60_000;

const holder = globalThis as typeof globalThis & { __vitrinaRedis?: Redis };

/**
 * One client per process, connected on first use. A command waits for at most one reconnection
 * (ioredis backs off up to 5 s between attempts) and two seconds for its reply: a flush fails fast
 * and its counts wait for the next one.
 */
function redis(): Redis {
  if (!holder.__vitrinaRedis) {
    const client = new Redis(config().redisUrl as string, { lazyConnect: true, maxRetriesPerRequest: 1, commandTimeout: 2_000 });
    client.on("error", (error) => logger().warn({ err: error }, "rate limit store: Redis connection error"));
    holder.__vitrinaRedis = client;
  }
  return holder.__vitrinaRedis;
}

/**
 * `{REDIS_KEY_PREFIX}rate-limit:{window start, ms}:{policy}:{id}`, one key per window: INCRBY adds
 * and answers the total, PEXPIRE lets the key go a minute after its window. One MULTI for all keys:
 * a flush adds all its counts or none (only a lost answer makes a process count its requests twice).
 */
const redisStore: CounterStore = {
  async add(window, counts) {
    const prefix = `${config().redisKeyPrefix}rate-limit:${window.start}:`;
    const ttl = Math.max(0, window.end - Date.now()) + EXPIRY_MARGIN_MS;
    const transaction = redis().multi();
    for (const [key, count] of counts) transaction.incrby(`${prefix}${key}`, count).pexpire(`${prefix}${key}`, ttl);
    const replies = await transaction.exec();
    if (!replies) throw new Error("Redis discarded the transaction");
    const failed = replies.find(([error]) => error);
    if (failed) throw failed[0];
    return new Map([...counts.keys()].map((key, index) => [key, Number(replies[2 * index]?.[1])]));
  },
};

/** Closes this process's Redis client, if it opened one (a stopping process). */
export async function closeCounterStore(): Promise<void> {
  const client = holder.__vitrinaRedis;
  holder.__vitrinaRedis = undefined;
  if (client) await client.quit().catch(() => client.disconnect());
}
