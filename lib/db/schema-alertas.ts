import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { agencias } from "./schema-agencias";
import { apps } from "./schema-apps";

/** When a subscriber takes alerts: days (1 Monday … 7 Sunday) and a span of the day in their zone. */
export type HorarioGuardado = { Zona: string; Dias: number[]; Desde: string; Hasta: string };

/**
 * Who wants an alert for each new enquiry (docs/contract.md#alerts, decision 0100): one row per app and
 * subscriber, the app's own name for a person (the Panel's user). Service data the app registers
 * through v3, so ingestion can queue alerts in the enquiry's transaction without reading the Panel.
 */
export const alertasSuscripciones = pgTable(
  "alertas_suscripciones",
  {
    id: text("id").primaryKey(),
    appId: text("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    suscriptor: text("suscriptor").notNull(),
    /** Where the alert e-mail goes; null: no e-mail. */
    email: text("email"),
    /** The browser's push subscription; null: no push. */
    pushEndpoint: text("push_endpoint"),
    pushP256dh: text("push_p256dh"),
    pushAuth: text("push_auth"),
    /** Only the enquiries this operator sees (all of an agency it administers); null: every enquiry. */
    operador: text("operador"),
    /** The enquiry's page in the app, with {adminMail} and {sid} in it. */
    enlace: text("enlace").notNull(),
    /** Null: at any hour. */
    horario: jsonb("horario").$type<HorarioGuardado>(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique("alertas_suscripciones_app_suscriptor").on(table.appId, table.suscriptor)],
);

/** The agencies a subscription covers; ingestion looks it up by agency. */
export const alertasAgencias = pgTable(
  "alertas_agencias",
  {
    agenciaId: text("agencia_id")
      .notNull()
      .references(() => agencias.id, { onDelete: "cascade" }),
    suscripcionId: text("suscripcion_id")
      .notNull()
      .references(() => alertasSuscripciones.id, { onDelete: "cascade" }),
  },
  (table) => [
    primaryKey({ columns: [table.agenciaId, table.suscripcionId] }),
    index("alertas_agencias_suscripcion_idx").on(table.suscripcionId),
  ],
);

/**
 * One alert to send: an enquiry, a subscription and a channel (`email` or `push`), queued by the
 * enquiry's insert (migration 0029's trigger) and sent by the alert worker. `estado`: pendiente,
 * enviando (leased), enviada, omitida (outside the subscriber's hours) or fallida.
 */
export const alertas = pgTable(
  "alertas",
  {
    suscripcionId: text("suscripcion_id")
      .notNull()
      .references(() => alertasSuscripciones.id, { onDelete: "cascade" }),
    sid: text("sid").notNull(),
    canal: text("canal").notNull(),
    estado: text("estado").notNull().default("pendiente"),
    intentos: integer("intentos").notNull().default(0),
    proximoIntentoAt: timestamp("proximo_intento_at", { withTimezone: true }).notNull().defaultNow(),
    /** The e-mail's row in mail_outbox, once handed to it. */
    mailId: text("mail_id"),
    enviadaAt: timestamp("enviada_at", { withTimezone: true }),
    ultimoError: text("ultimo_error"),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.suscripcionId, table.sid, table.canal] }),
    index("alertas_pendientes_idx").on(table.estado, table.proximoIntentoAt),
  ],
);
