import { boolean, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

/** Reference catalogues (docs/contract.md#catalogues): ids are the ones of the data files, stable forever. */

export const regiones = pgTable("regiones", {
  id: integer("id").primaryKey(),
  nombre: text("nombre").notNull(),
  iso: text("iso").notNull().unique(),
  clave: text("clave").notNull(),
});

export const ciudades = pgTable(
  "ciudades",
  {
    id: integer("id").primaryKey(),
    nombre: text("nombre").notNull(),
    regionId: integer("region_id")
      .notNull()
      .references(() => regiones.id),
    clave: text("clave").notNull(),
  },
  (table) => [index("ciudades_region_idx").on(table.regionId, table.clave)],
);

export const marcas = pgTable("marcas", {
  id: integer("id").primaryKey(),
  nombre: text("nombre").notNull(),
  codenames: text("codenames").array().notNull(),
  mercadoNuevos: boolean("mercado_nuevos").notNull(),
  clave: text("clave").notNull(),
});

/** Models of each make (`GET /v3/modelos`); a listing's Modelo is one of them (docs/decisions/0069). */
export const modelos = pgTable(
  "modelos",
  {
    id: integer("id").primaryKey(),
    marcaId: integer("marca_id")
      .notNull()
      .references(() => marcas.id),
    nombre: text("nombre").notNull(),
    clave: text("clave").notNull(),
  },
  (table) => [index("modelos_marca_idx").on(table.marcaId, table.clave)],
);

export const carrocerias = pgTable("carrocerias", {
  id: integer("id").primaryKey(),
  nombre: text("nombre").notNull(),
  codename: text("codename").notNull().unique(),
  clave: text("clave").notNull(),
});

export const colores = pgTable("colores", {
  id: integer("id").primaryKey(),
  nombre: text("nombre").notNull(),
  htmlColor: text("html_color").notNull(),
  clave: text("clave").notNull(),
});

/**
 * Every name, codename and ISO code of every catalogue item, normalised (lower case, no accents,
 * no punctuation): what best match and `q` filters search, with a trigram index for typos.
 */
export const catalogoTerminos = pgTable(
  "catalogo_terminos",
  {
    tipo: text("tipo").notNull(),
    itemId: integer("item_id").notNull(),
    termino: text("termino").notNull(),
    /** The region of a city, the make of a model: best match of those happens within one. */
    ambito: integer("ambito"),
  },
  (table) => [
    primaryKey({ columns: [table.tipo, table.itemId, table.termino] }),
    index("catalogo_terminos_trgm_idx").using("gin", table.termino.op("gin_trgm_ops")),
  ],
);

export const serviceMeta = pgTable("service_meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});
