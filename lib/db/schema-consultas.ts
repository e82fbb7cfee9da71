import { bigint, boolean, date, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp } from "drizzle-orm/pg-core";
import { agencias } from "./schema-agencias";
import { apps } from "./schema-apps";

/**
 * Enquiries received through the marketplace (docs/contract.md#enquiries). `appId` is the app that published the
 * listing; null for catalogue enquiries, which reach every app the agency enabled for them.
 * `auto` and `interesado` hold the Auto and Interesado objects exactly as they are presented.
 */
export const consultas = pgTable(
  "consultas",
  {
    /** ULID. */
    sid: text("sid").primaryKey(),
    agenciaId: text("agencia_id")
      .notNull()
      .references(() => agencias.id, { onDelete: "cascade" }),
    appId: text("app_id").references(() => apps.id, { onDelete: "cascade" }),
    /** Lower-cased (ExternalId compares case-insensitively); "" for catalogue enquiries. */
    externalId: text("external_id").notNull(),
    tipoAnuncio: text("tipo_anuncio").notNull(),
    origenLead: text("origen_lead").notNull(),
    momento: timestamp("momento", { withTimezone: true }).notNull(),
    auto: jsonb("auto").notNull(),
    interesado: jsonb("interesado").notNull(),
    /** Lower-cased e-mail of an operator of the agency (the administrator when none was given). */
    operadorResponsable: text("operador_responsable").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Ascending keys, read backwards: ORDER BY momento DESC, sid DESC (NULLS FIRST, PostgreSQL's
    // default for DESC) walks them with no sort; "DESC NULLS LAST" keys would not match. The
    // trailing visibility columns let counts run as index-only scans.
    // The list of one app (own listings only); also serves the detail and resend lookups by sid.
    index("consultas_agencia_app_momento_idx").on(table.agenciaId, table.appId, table.momento, table.sid),
    // The list of an app that also sees catalogue enquiries (app_id = A or app_id is null).
    index("consultas_agencia_momento_idx").on(table.agenciaId, table.momento, table.sid, table.appId, table.tipoAnuncio),
    index("consultas_agencia_operador_momento_idx").on(
      table.agenciaId,
      table.operadorResponsable,
      table.momento,
      table.sid,
      table.appId,
      table.tipoAnuncio,
    ),
    index("consultas_agencia_external_momento_idx").on(
      table.agenciaId,
      table.externalId,
      table.momento,
      table.sid,
      table.appId,
      table.tipoAnuncio,
    ),
  ],
);

/**
 * What `q` finds (docs/decisions/0051): each enquiry's search terms, one row each, written by the
 * database itself when an enquiry is stored (a trigger of migration 0018, so the demo seed, ingestion
 * and rows from before agree) and removed with it. A term is a folded word of the buyer's name,
 * surname and e-mail, the sid, make, model, version, ExternalId and RefStock, or a word's part after
 * punctuation (`perez@correo.com`, `correo.com`), or the phone's digits; the phone's and the sid's
 * reversed behind `~`, so their ends are found too. The enquiry's agency, moment and visibility are
 * copied so a search reads this index alone.
 */
export const consultasTerminos = pgTable(
  "consultas_terminos",
  {
    agenciaId: text("agencia_id").notNull(),
    termino: text("termino").notNull(),
    momento: timestamp("momento", { withTimezone: true }).notNull(),
    sid: text("sid").notNull(),
    appId: text("app_id"),
    tipoAnuncio: text("tipo_anuncio").notNull(),
    operadorResponsable: text("operador_responsable").notNull(),
  },
  // A term's beginning is a range of this index (`like 'gom%'`, byte order whatever the collation).
  (table) => [
    index("consultas_terminos_idx").on(
      table.agenciaId,
      table.termino.op("text_pattern_ops"),
      table.momento,
      table.sid,
      table.appId,
      table.tipoAnuncio,
      table.operadorResponsable,
    ),
  ],
);

/**
 * What every counter of enquiries is kept by: the agency, the app ('' for catalogue enquiries) and
 * the operator (in the per-listing counters also "" for every operator's); fresh builders per table.
 */
const counted = () => ({
  agenciaId: text("agencia_id")
    .notNull()
    .references(() => agencias.id, { onDelete: "cascade" }),
  appId: text("app_id").notNull(),
  operadorResponsable: text("operador_responsable").notNull(),
  casilla: casilla(),
});

/**
 * The slot (0–15) a counter's or a revision's row is one of (decision 0129): a connection adds its
 * enquiries to its own slot (`consultas_casilla()`, migration 0032), so concurrent enquiries of an
 * agency lock different rows; the value is the sum of the slots, which every reader adds up.
 */
function casilla() {
  return smallint("casilla").notNull().default(0);
}

/**
 * How many enquiries each agency received per UTC day, by app ("" for catalogue enquiries) and
 * operator: kept in the ingestion transaction, so `Total` adds up whole days here, whole hours of
 * the partial days in `consultas_por_hora`, and counts only the partial hours at the ends of the
 * period in `consultas` (decisions: docs/decisions/0009).
 */
export const consultasPorDia = pgTable(
  "consultas_por_dia",
  {
    ...counted(),
    dia: date("dia").notNull(),
    cantidad: integer("cantidad").notNull(),
  },
  // Days before operator: a period is a range of days, the operator at most a filter on it.
  (table) => [primaryKey({ columns: [table.agenciaId, table.appId, table.dia, table.operadorResponsable, table.casilla] })],
);

/** The same counts per UTC hour (`hora`: the hour's start), for the partial days at the ends of a period. */
export const consultasPorHora = pgTable(
  "consultas_por_hora",
  {
    ...counted(),
    hora: timestamp("hora", { withTimezone: true }).notNull(),
    cantidad: integer("cantidad").notNull(),
  },
  (table) => [primaryKey({ columns: [table.agenciaId, table.appId, table.hora, table.operadorResponsable, table.casilla] })],
);

/**
 * How many enquiries each listing (ExternalId, never "" of a catalogue enquiry) received per UTC day,
 * by app and operator, plus a row under operator "" with every operator's: kept in the ingestion
 * statement with the others, so the summary's top listings add up whole weeks and days here and
 * count only the hours at the ends of the period in `consultas` (docs/decisions/0042).
 */
export const consultasPorPublicacion = pgTable(
  "consultas_por_publicacion",
  {
    ...counted(),
    dia: date("dia").notNull(),
    externalId: text("external_id").notNull(),
    cantidad: integer("cantidad").notNull(),
  },
  // The operator ("" for all) before the days: one index range per summary.
  (table) => [
    primaryKey({ columns: [table.agenciaId, table.appId, table.operadorResponsable, table.dia, table.externalId, table.casilla] }),
  ],
);

/** The same counts per UTC week (`semana`: its Monday), for the whole weeks of a period. */
export const consultasPorPublicacionSemana = pgTable(
  "consultas_por_publicacion_semana",
  {
    ...counted(),
    semana: date("semana").notNull(),
    externalId: text("external_id").notNull(),
    cantidad: integer("cantidad").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.agenciaId, table.appId, table.operadorResponsable, table.semana, table.externalId, table.casilla] }),
  ],
);

/**
 * Whether somebody attended an enquiry, for one app (docs/decisions/0041): each app keeps its own
 * marks, and another app's never show. The enquiry's agency, operator and reception time are copied
 * here so the summary counts an app's marks of a period from this table's index alone.
 */
export const consultasAtencion = pgTable(
  "consultas_atencion",
  {
    appId: text("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    sid: text("sid")
      .notNull()
      .references(() => consultas.sid, { onDelete: "cascade" }),
    agenciaId: text("agencia_id").notNull(),
    operadorResponsable: text("operador_responsable").notNull(),
    /** When the enquiry was received (its `momento`). */
    recibida: timestamp("recibida", { withTimezone: true }).notNull(),
    atendida: boolean("atendida").notNull(),
    /** Lower-cased e-mail of who marked it. */
    por: text("por").notNull(),
    momento: timestamp("momento", { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.appId, table.sid] }),
    index("consultas_atencion_periodo_idx").on(table.appId, table.agenciaId, table.recibida),
  ],
);

/**
 * A number each agency's enquiries and marks change under (docs/decisions/0053): raised, by the
 * number of changes, in the statement that counts stored enquiries and in the one that marks an
 * enquiry (decisions 0085, 0087), so a summary kept under the revision it was read at is still the
 * answer while the revision is the same. The agency's revision is the sum of its slots (decision
 * 0129): every change raises one of them, none ever falls.
 */
export const consultasRevisiones = pgTable(
  "consultas_revisiones",
  {
    agenciaId: text("agencia_id")
      .notNull()
      .references(() => agencias.id, { onDelete: "cascade" }),
    casilla: casilla(),
    revision: bigint("revision", { mode: "number" }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.agenciaId, table.casilla] })],
);

/**
 * What was done to an enquiry, per app (decision 0108): each change of the app's mark (`atendida`,
 * `desatendida`, with who) written in the statement that raises the revision after the mark, and
 * each resend of its webhook (`reenviada`, with the notification's id) in the resend's transaction.
 * `consultas_atencion` keeps only the current mark; this keeps every change, as long as the enquiry.
 */
export const consultasHistorial = pgTable(
  "consultas_historial",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    appId: text("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    sid: text("sid")
      .notNull()
      .references(() => consultas.sid, { onDelete: "cascade" }),
    evento: text("evento").$type<"atendida" | "desatendida" | "reenviada">().notNull(),
    /** Lower-cased e-mail of who marked it; null for a resend (the API does not say who asked). */
    por: text("por"),
    /** The resend's notification (its Id in the delivery log, purged after WEBHOOK_LOG_RETENTION_DAYS). */
    notificacionId: text("notificacion_id"),
    momento: timestamp("momento", { withTimezone: true }).notNull(),
  },
  (table) => [index("consultas_historial_sid_idx").on(table.appId, table.sid, table.momento)],
);
