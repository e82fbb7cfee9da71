import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique } from "drizzle-orm/pg-core";

export const apps = pgTable("apps", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  appKey: text("app_key").notNull().unique(),
  /** AES-256-GCM ciphertexts; the secondary one is the previous secret, kept during rotation. */
  secretPrimary: text("secret_primary").notNull(),
  secretSecondary: text("secret_secondary"),
  topics: text("topics").array().notNull().default(sql`'{}'::text[]`),
  contactEmail: text("contact_email"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Signatures accepted in the last 600 s: the replay store shared by every process. */
export const seenSignatures = pgTable(
  "seen_signatures",
  {
    signature: text("signature").primaryKey(),
    seenAt: timestamp("seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("seen_signatures_seen_at_idx").on(table.seenAt)],
);
/** A custom header sent with every notification of a webhook configuration. */
export type WebhookHeader = { Name: string; Value: string };

/** One webhook configuration per app and topic (decisions §9); the Secret is encrypted at rest. */
export const webhookConfigs = pgTable(
  "webhook_configs",
  {
    id: text("id").primaryKey(),
    appId: text("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    topic: text("topic").notNull(),
    callback: text("callback").notNull(),
    secretEnc: text("secret_enc"),
    description: text("description"),
    active: boolean("active").notNull().default(true),
    headerCustom01: jsonb("header_custom_01").$type<WebhookHeader>(),
    headerCustom02: jsonb("header_custom_02").$type<WebhookHeader>(),
    headerCustom03: jsonb("header_custom_03").$type<WebhookHeader>(),
    /** Start of the current run of failed deliveries; five days of it deactivate the configuration. */
    failingSince: timestamp("failing_since", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique("webhook_configs_app_topic_key").on(table.appId, table.topic)],
);

export * from "./schema-agencias";
export * from "./schema-catalogo";
export * from "./schema-consultas";
export * from "./schema-panel";

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
