import { index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

// The v3 kernel's stores shared by every process (lib/http/replay.ts, lib/http/rate-limit-store.ts).

/** Signatures accepted in the last 600 s: the replay store shared by every process. */
export const seenSignatures = pgTable(
  "seen_signatures",
  {
    signature: text("signature").primaryKey(),
    seenAt: timestamp("seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("seen_signatures_seen_at_idx").on(table.seenAt)],
);

/**
 * Rate-limit counters shared by every web process when REDIS_URL is not set: requests per key
 * (`app:<id>`, `ip:<address>`, `ingreso:<address>`) in a fixed one-minute window. Processes add
 * their local counts about once a second (lib/http/rate-limit-store.ts).
 */
export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull(),
  },
  (table) => [primaryKey({ columns: [table.key, table.windowStart] })],
);
