import { boolean, date, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { apps } from "./schema-apps";

/**
 * A dealership account, one per administrator e-mail (lower-cased), shared by every app. Its data is
 * what the agency registered (and its creator app edited since): null until it registers; what an
 * app wrote in its invitation lives on that app's relation (docs/decisions/0022).
 */
export const agencias = pgTable("agencias", {
  id: text("id").primaryKey(),
  adminMail: text("admin_mail").notNull().unique(),
  nombre: text("nombre"),
  telefono: text("telefono"),
  whatsapp: text("whatsapp"),
  region: text("region"),
  ciudad: text("ciudad"),
  direccion: text("direccion"),
  /** argon2id; null until the administrator registers. */
  passwordHash: text("password_hash"),
  registradaAt: timestamp("registrada_at", { withTimezone: true }),
  /** The app through whose invitation the agency registered: the only one that may edit its data. */
  creadaPorAppId: text("creada_por_app_id").references(() => apps.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});

/** People of an agency; the administrator is one of them (EsAdministrador). */
export const operadores = pgTable(
  "operadores",
  {
    agenciaId: text("agencia_id")
      .notNull()
      .references(() => agencias.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    nombre: text("nombre").notNull(),
    apellido: text("apellido").notNull(),
    esAdministrador: boolean("es_administrador").notNull().default(false),
  },
  (table) => [primaryKey({ columns: [table.agenciaId, table.email] }), index("operadores_email_idx").on(table.email)],
);

/**
 * The relation of one app with one agency: `pendiente` (invited), `registrada` (attached) or
 * `desasociada` (detached by the app). `vencida` is derived: pendiente with an expired invitation.
 */
export const agenciaApps = pgTable(
  "agencia_apps",
  {
    agenciaId: text("agencia_id")
      .notNull()
      .references(() => agencias.id, { onDelete: "cascade" }),
    appId: text("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    estado: text("estado").notNull(),
    invitadaAt: timestamp("invitada_at", { withTimezone: true }).notNull(),
    invitacionVenceAt: timestamp("invitacion_vence_at", { withTimezone: true }).notNull(),
    registradaAt: timestamp("registrada_at", { withTimezone: true }),
    desasociadaAt: timestamp("desasociada_at", { withTimezone: true }),
    /** Catalogue enquiries reach this app (docs/contract.md#visibility). */
    compartirCatalogo: boolean("compartir_catalogo").notNull().default(false),
    /** What this app wrote in its invitation (AgenciaCreate), shown to it until the agency accepts. */
    invitacionNombre: text("invitacion_nombre"),
    invitacionTelefono: text("invitacion_telefono"),
  },
  (table) => [primaryKey({ columns: [table.agenciaId, table.appId] }), index("agencia_apps_app_idx").on(table.appId, table.estado)],
);

/** Single-use registration links: only the SHA-256 of the token is stored. */
export const invitaciones = pgTable("invitaciones", {
  id: text("id").primaryKey(),
  agenciaId: text("agencia_id")
    .notNull()
    .references(() => agencias.id, { onDelete: "cascade" }),
  appId: text("app_id")
    .notNull()
    .references(() => apps.id, { onDelete: "cascade" }),
  tokenHash: text("token_hash").notNull().unique(),
  venceAt: timestamp("vence_at", { withTimezone: true }).notNull(),
  usadaAt: timestamp("usada_at", { withTimezone: true }),
  reemplazadaAt: timestamp("reemplazada_at", { withTimezone: true }),
  createdAt: createdAt(),
});

/** The exposure levels of a listing, best first (docs/contract.md#the-package). */
export const NIVELES = ["Alta", "Media", "Baja"] as const;
export type Nivel = (typeof NIVELES)[number];

/**
 * The publication package of an agency (AgenciaProductos), set by the operator CLI or the seed:
 * how many listings may be Activa at once, and how many of them at each exposure level. What is used
 * is counted from the listings (docs/decisions/0067).
 */
export const productos = pgTable("productos", {
  agenciaId: text("agencia_id")
    .primaryKey()
    .references(() => agencias.id, { onDelete: "cascade" }),
  plan: text("plan"),
  estado: text("estado").notNull().default("sin-plan"),
  vigenteDesde: date("vigente_desde"),
  vigenteHasta: date("vigente_hasta"),
  publicacionesContratadas: integer("publicaciones_contratadas").notNull().default(0),
  exposicionAlta: integer("exposicion_alta").notNull().default(0),
  exposicionMedia: integer("exposicion_media").notNull().default(0),
  exposicionBaja: integer("exposicion_baja").notNull().default(0),
});
