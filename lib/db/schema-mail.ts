import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/** Outgoing e-mail, written in the same transaction as what causes it; the mail worker sends it. */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: text("id").primaryKey(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    estado: text("estado").notNull().default("pendiente"),
    intentos: integer("intentos").notNull().default(0),
    proximoIntentoAt: timestamp("proximo_intento_at", { withTimezone: true }).notNull().defaultNow(),
    ultimoError: text("ultimo_error"),
    enviadoAt: timestamp("enviado_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("mail_outbox_pending_idx").on(table.estado, table.proximoIntentoAt)],
);

/** The development mailbox: where e-mail goes when no SMTP_URL is configured. */
export const devMailbox = pgTable("dev_mailbox", {
  id: text("id").primaryKey(),
  from: text("from").notNull(),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  html: text("html").notNull(),
  text: text("text").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});
