import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { agencias } from "./schema-agencias";
import { apps } from "./schema-apps";

/** The unique index behind "an ExternalId names one listing of an agency" (docs/decisions/0023, 0066). */
export const LISTING_OF_AGENCY_INDEX = "publicaciones_agencia_external_idx";

/** A price as a listing stores it. */
export type Precio = { Moneda: string; Importe: number };

/**
 * Every listing of every agency, whether it came through v3 or the marketplace ingestion
 * (docs/contract.md#listings, docs/decisions/0066). The catalogue ids are null only in listings
 * from before the models catalogue whose make or model it does not know; the names are what the
 * listing shows. `auto` is the car as an enquiry about the listing takes it (the enquiries' Auto),
 * rewritten with every change of the car.
 */
export const publicaciones = pgTable(
  "publicaciones",
  {
    id: text("id").primaryKey(),
    appId: text("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    agenciaId: text("agencia_id")
      .notNull()
      .references(() => agencias.id, { onDelete: "cascade" }),
    /** Lower-cased: ExternalId compares case-insensitively. */
    externalId: text("external_id").notNull(),
    /** As the app wrote it. */
    externalIdOriginal: text("external_id_original").notNull(),
    refStock: text("ref_stock"),
    marcaId: integer("marca_id"),
    marca: text("marca").notNull(),
    modeloId: integer("modelo_id"),
    modelo: text("modelo").notNull(),
    version: text("version"),
    versionYear: integer("version_year"),
    kilometraje: integer("kilometraje"),
    precio: jsonb("precio").$type<Precio>(),
    carroceriaId: integer("carroceria_id"),
    carroceria: text("carroceria"),
    colorId: integer("color_id"),
    color: text("color"),
    combustible: text("combustible"),
    transmision: text("transmision"),
    descripcion: text("descripcion"),
    /** Lower-cased e-mail of an operator of the agency (the administrator when none was named). */
    operadorResponsable: text("operador_responsable").notNull(),
    /** activa, suspendida or archivada. */
    estado: text("estado").notNull(),
    /** Why it is not activa: app, paquete or desasociada; null when activa. */
    motivo: text("motivo"),
    /** The level the app asked for (null: the best one free), kept for when it is activated again. */
    exposicionPedida: text("exposicion_pedida"),
    /** The level it holds while activa; null otherwise. */
    exposicion: text("exposicion"),
    auto: jsonb("auto").notNull(),
    /**
     * What `q` finds (docs/decisions/0070): " term term … ", each folded word of make, model, version,
     * ExternalId and RefStock and each part of one after punctuation, written by the database.
     */
    busqueda: text("busqueda")
      .notNull()
      .generatedAlwaysAs(sql`publicaciones_busqueda(marca, modelo, version, external_id_original, ref_stock)`),
    createdAt: createdAt(),
    modificada: timestamp("modificada", { withTimezone: true }).notNull(),
    /** When it last became activa: a package that shrinks suspends the most recent first. */
    activada: timestamp("activada", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex(LISTING_OF_AGENCY_INDEX).on(table.agenciaId, table.externalId),
    // The list of one app, newest change first (read backwards), and modificadaDesde as a range.
    index("publicaciones_lista_idx").on(table.agenciaId, table.appId, table.modificada, table.id),
    // The list's Total, from the index alone: an agency's 10,000 listings are read whole otherwise.
    index("publicaciones_lista_estado_idx").on(table.agenciaId, table.appId, table.estado),
    // The package's use: activa listings per level, and the most recently activated.
    index("publicaciones_cupo_idx").on(table.agenciaId, table.estado, table.exposicion, table.activada),
    index("publicaciones_busqueda_idx").using("gin", table.busqueda.op("gin_trgm_ops")),
  ],
);

/**
 * A listing's photos, one row each, in display order (`posicion`). Each is checked after it is saved
 * (`pendiente` → `ok` or `error` with the reason in `motivo`); a URL the listing keeps across an edit
 * keeps an `ok`, so it is not fetched again, and an `error` is checked again (decisions 0072).
 */
export const publicacionFotos = pgTable(
  "publicacion_fotos",
  {
    publicacionId: text("publicacion_id")
      .notNull()
      .references(() => publicaciones.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    posicion: integer("posicion").notNull(),
    estado: text("estado").notNull().default("pendiente"),
    motivo: text("motivo"),
    comprobadaAt: timestamp("comprobada_at", { withTimezone: true }),
    /**
     * While pendiente: no worker takes it before then (the lease of the one checking it, or the wait
     * before trying again after a failure that may pass; decisions 0072).
     */
    revisandoHasta: timestamp("revisando_hasta", { withTimezone: true }),
    /** Failed tries of the current check that may pass (no answer, 5xx…); back to 0 when checked again. */
    intentos: integer("intentos").notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.publicacionId, table.url] }),
    index("publicacion_fotos_pendientes_idx").on(table.publicacionId, table.posicion).where(sql`${table.estado} = 'pendiente'`),
  ],
);

/**
 * What happened to a listing, one row per change (decision 0116): its creation, a change of its
 * state or reason (archiving too), of its level alone, or a photo's check that ended; each with who
 * caused it (`origen`: app, panel or plataforma, as its notification says, decisions 0068) and the
 * listing's state after it. Written in the transaction of the change; a change of the car alone
 * (price, kilometres…) is not one.
 */
export const publicacionCambios = pgTable(
  "publicacion_cambios",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    publicacionId: text("publicacion_id")
      .notNull()
      .references(() => publicaciones.id, { onDelete: "cascade" }),
    momento: timestamp("momento", { withTimezone: true }).notNull(),
    /** creada, estado, exposicion or foto. */
    cambio: text("cambio").notNull(),
    /** app, panel or plataforma. */
    origen: text("origen").notNull(),
    estado: text("estado").notNull(),
    motivo: text("motivo"),
    exposicion: text("exposicion"),
    /** The photo checked (cambio foto), its result and reason; null otherwise. */
    fotoUrl: text("foto_url"),
    fotoEstado: text("foto_estado"),
    fotoMotivo: text("foto_motivo"),
  },
  // A listing's changes, newest first (read backwards), and their count.
  (table) => [index("publicacion_cambios_publicacion_idx").on(table.publicacionId, table.id)],
);

/**
 * What the database keeps of each agency's listings, in the statement that inserts, changes or
 * deletes any of them or their photos (migration 0030's triggers, and 0033's), whoever writes them:
 * a number they change under (decision 0124) and the package's use, its Activa listings, all and
 * per level (decision 0130). A list page kept under the revision it was read at is still the answer
 * while the revision is the same; an agency without a row has revision 0 and no listings.
 */
export const publicacionesRevisiones = pgTable("publicaciones_revisiones", {
  agenciaId: text("agencia_id")
    .primaryKey()
    .references(() => agencias.id, { onDelete: "cascade" }),
  revision: bigint("revision", { mode: "number" }).notNull(),
  activas: integer("activas").notNull().default(0),
  alta: integer("alta").notNull().default(0),
  media: integer("media").notNull().default(0),
  baja: integer("baja").notNull().default(0),
});
