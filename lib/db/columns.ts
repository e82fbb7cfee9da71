import { timestamp } from "drizzle-orm/pg-core";

/** The creation moment every table of ours records the same way. */
export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
