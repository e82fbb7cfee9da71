import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/**
 * The dashboard's own tables (docs/contract.md#product-and-boundary): the Panel never reads the service's tables and the
 * service never reads these. Panel code imports this module, never lib/db/schema.ts.
 */

const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

export const PANEL_ROLES = ["admin", "soporte", "agencia"] as const;
export type PanelRole = (typeof PANEL_ROLES)[number];

/** A partner's workspace: the v3 API it talks to and the app credentials it signs with. */
export const panelWorkspaces = pgTable("panel_workspaces", {
  id: text("id").primaryKey(),
  name: text("name").notNull().unique(),
  apiBaseUrl: text("api_base_url").notNull(),
  appKey: text("app_key").notNull(),
  /** AES-256-GCM ciphertext (lib/crypto/secrets.ts, SECRETS_KEY). */
  appSecretEnc: text("app_secret_enc").notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** People who sign in to the dashboard. An `agencia` user is bound to one agency; their e-mail is their operator e-mail. */
export const panelUsers = pgTable(
  "panel_users",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => panelWorkspaces.id, { onDelete: "cascade" }),
    email: text("email").notNull().unique(),
    name: text("name"),
    role: text("role").$type<PanelRole>().notNull(),
    agencyAdminMail: text("agency_admin_mail"),
    /** argon2id. */
    passwordHash: text("password_hash").notNull(),
    /** Sessions signed in before this (a password set again, a sign-out: decisions 0029) are over; null: every session counts. */
    sessionsValidFrom: timestamp("sessions_valid_from", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("panel_users_workspace_idx").on(table.workspaceId),
    check("panel_users_email_lower", sql`${table.email} = lower(${table.email})`),
    check("panel_users_role", sql`${table.role} in ('admin', 'soporte', 'agencia')`),
    check("panel_users_agencia_bound", sql`${table.role} <> 'agencia' or ${table.agencyAdminMail} is not null`),
  ],
);

/**
 * Sign-in attempts per key (`par:<address>|<e-mail>`, `ip:<address>`, `email:<e-mail>`) in a fixed
 * window that starts with the first attempt, and the pairs that signed in (`conocido:<address>|<e-mail>`,
 * at window_start): lib/panel/throttle.ts. Kept in the database so every web process sees the same counts.
 */
export const panelSignInThrottle = pgTable("panel_sign_in_throttle", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  attempts: integer("attempts").notNull(),
});

/**
 * Which enquiries each Panel user has read (decisions 0045): a row when the person opened the
 * enquiry's detail. The inbox shows the others in bold. The Panel's own data: the API knows nothing
 * of it; a user's rows go with the user. `sid` is the enquiry's ULID (unique across agencies).
 */
export const panelConsultasLeidas = pgTable(
  "panel_consultas_leidas",
  {
    userId: text("user_id")
      .notNull()
      .references(() => panelUsers.id, { onDelete: "cascade" }),
    sid: text("sid").notNull(),
    leida: timestamp("leida", { withTimezone: true }).notNull().defaultNow(),
  },
  // Who opened an enquiry, for its history (decision 0108).
  (table) => [primaryKey({ columns: [table.userId, table.sid] }), index("panel_consultas_leidas_sid_idx").on(table.sid)],
);
