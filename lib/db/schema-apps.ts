import { sql } from "drizzle-orm";
import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** An integrating app: its AppKey, its encrypted secrets and the topics it may configure. */
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
