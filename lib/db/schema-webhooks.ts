import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { apps } from "./schema-apps";

/** A custom header sent with every notification of a webhook configuration. */
export type WebhookHeader = { Name: string; Value: string };

/** One webhook configuration per app and topic (docs/contract.md#webhooks); the Secret is encrypted at rest. */
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

/**
 * Webhook notifications (the outbox of docs/contract.md#delivery), written in the same transaction as their
 * event. The id is the Notification-Hook-ID, the same on every retry.
 */
export const notificaciones = pgTable(
  "notificaciones",
  {
    id: text("id").primaryKey(),
    appId: text("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    topic: text("topic").notNull(),
    payload: jsonb("payload").notNull(),
    estado: text("estado").notNull().default("pendiente"),
    intentos: integer("intentos").notNull().default(0),
    proximoIntentoAt: timestamp("proximo_intento_at", { withTimezone: true }).notNull().defaultNow(),
    entregadaAt: timestamp("entregada_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index("notificaciones_pending_idx").on(table.estado, table.proximoIntentoAt),
    index("notificaciones_app_topic_idx").on(table.appId, table.topic),
    // An enquiry's notifications: its history and the delivery log's `sid` filter (decision 0109).
    index("notificaciones_consulta_idx")
      .on(table.appId, sql`(${table.payload} #>> '{Datos,Sid}')`, table.createdAt)
      .where(sql`${table.topic} = 'consultas'`),
  ],
);

/** Every delivery attempt of a notification (docs/contract.md#delivery-log), kept WEBHOOK_LOG_RETENTION_DAYS days. */
export const entregaIntentos = pgTable(
  "entrega_intentos",
  {
    id: text("id").primaryKey(),
    notificacionId: text("notificacion_id")
      .notNull()
      .references(() => notificaciones.id, { onDelete: "cascade" }),
    momento: timestamp("momento", { withTimezone: true }).notNull(),
    /** automatico or manual */
    disparo: text("disparo").notNull(),
    /** 0 for connection errors. */
    httpStatus: integer("http_status").notNull(),
    latenciaMs: integer("latencia_ms").notNull(),
    respuesta: text("respuesta"),
    error: text("error"),
    proximoIntentoAt: timestamp("proximo_intento_at", { withTimezone: true }),
  },
  (table) => [
    index("entrega_intentos_notificacion_idx").on(table.notificacionId, table.momento),
    index("entrega_intentos_momento_idx").on(table.momento),
  ],
);
