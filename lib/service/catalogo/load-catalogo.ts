import "server-only";
import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { type Db, getDb } from "@/lib/db";
import { carrocerias, catalogoTerminos, ciudades, colores, marcas, modelos, regiones, serviceMeta } from "@/lib/db/schema";
import carroceriasData from "./data/carrocerias.json";
import ciudadesData from "./data/ciudades.json";
import coloresData from "./data/colores.json";
import marcasData from "./data/marcas.json";
import modelosData from "./data/modelos.json";
import regionesData from "./data/regiones.json";
import { normalizeTerm } from "./normalize";

export type CatalogoTipo = "region" | "ciudad" | "marca" | "modelo" | "carroceria" | "color";

type Termino = typeof catalogoTerminos.$inferInsert;

const VERSION_KEY = "catalogo";
const catalogueVersion = createHash("sha256")
  .update(JSON.stringify([regionesData, ciudadesData, marcasData, modelosData, carroceriasData, coloresData]))
  .digest("hex");

function terms(tipo: CatalogoTipo, itemId: number, values: string[], ambito: number | null = null): Termino[] {
  return [...new Set(values.map(normalizeTerm).filter(Boolean))].map((termino) => ({ tipo, itemId, termino, ambito }));
}

type CatalogueTable = PgTable & { id: PgColumn };

function upsertById<T extends CatalogueTable>(tx: Db, table: T, rows: T["$inferInsert"][], columns: string[]) {
  const set = Object.fromEntries(columns.map((column) => [column, sql.raw(`excluded.${column}`)]));
  return tx
    .insert(table)
    .values(rows)
    .onConflictDoUpdate({ target: table.id, set: set as never });
}

/**
 * Loads the catalogue files into the database when they changed since the last load (a hash of
 * their content is kept in service_meta): idempotent, same ids every time.
 */
export async function loadCatalogo(): Promise<boolean> {
  const db = await getDb();
  const [stored] = await db.select().from(serviceMeta).where(eq(serviceMeta.key, VERSION_KEY));
  if (stored?.value === catalogueVersion) return false;
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    await upsertById(
      txDb,
      regiones,
      regionesData.items.map((r) => ({ id: r.Id, nombre: r.Nombre, iso: r.Iso, clave: normalizeTerm(r.Nombre) })),
      ["nombre", "iso", "clave"],
    );
    await upsertById(
      txDb,
      ciudades,
      ciudadesData.items.map((c) => ({ id: c.Id, nombre: c.Nombre, regionId: c.RegionId, clave: normalizeTerm(c.Nombre) })),
      ["nombre", "region_id", "clave"],
    );
    await upsertById(
      txDb,
      marcas,
      marcasData.items.map((m) => ({
        id: m.Id,
        nombre: m.Nombre,
        codenames: m.Codenames,
        mercadoNuevos: m.MercadoNuevos,
        clave: normalizeTerm(m.Nombre),
      })),
      ["nombre", "codenames", "mercado_nuevos", "clave"],
    );
    await upsertById(
      txDb,
      modelos,
      modelosData.items.map((m) => ({ id: m.Id, marcaId: m.MarcaId, nombre: m.Nombre, clave: normalizeTerm(m.Nombre) })),
      ["marca_id", "nombre", "clave"],
    );
    await upsertById(
      txDb,
      carrocerias,
      carroceriasData.items.map((c) => ({ id: c.Id, nombre: c.Nombre, codename: c.Codename, clave: normalizeTerm(c.Nombre) })),
      ["nombre", "codename", "clave"],
    );
    await upsertById(
      txDb,
      colores,
      coloresData.items.map((c) => ({ id: c.Id, nombre: c.Nombre, htmlColor: c.HtmlColor, clave: normalizeTerm(c.Nombre) })),
      ["nombre", "html_color", "clave"],
    );
    const allTerms = [
      ...regionesData.items.flatMap((r) => terms("region", r.Id, [r.Nombre, r.Iso, ...r.Codenames])),
      ...ciudadesData.items.flatMap((c) => terms("ciudad", c.Id, [c.Nombre], c.RegionId)),
      ...marcasData.items.flatMap((m) => terms("marca", m.Id, [m.Nombre, ...m.Codenames])),
      ...modelosData.items.flatMap((m) => terms("modelo", m.Id, [m.Nombre, ...m.Codenames], m.MarcaId)),
      ...carroceriasData.items.flatMap((c) => terms("carroceria", c.Id, [c.Nombre, c.Codename])),
      ...coloresData.items.flatMap((c) => terms("color", c.Id, [c.Nombre])),
    ];
    await tx.delete(catalogoTerminos);
    for (let start = 0; start < allTerms.length; start += 500) {
      await tx.insert(catalogoTerminos).values(allTerms.slice(start, start + 500));
    }
    await tx
      .insert(serviceMeta)
      .values({ key: VERSION_KEY, value: catalogueVersion })
      .onConflictDoUpdate({ target: serviceMeta.key, set: { value: catalogueVersion } });
  });
  return true;
}
