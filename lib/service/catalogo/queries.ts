import "server-only";
import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { CarroceriaRow, CiudadRow, ColorRow, MarcaRow, ModeloRow, RegionRow } from "@/lib/api/catalogo";
import { getDb } from "@/lib/db";
import { carrocerias, ciudades, colores, marcas, modelos, regiones } from "@/lib/db/schema";
import { idsContaining } from "./best-match";
import type { CatalogoTipo } from "./load-catalogo";
import { normalizeTerm } from "./normalize";

/** "The item has a name or codename containing q": the `q` filters of the lists. */
async function containing(tipo: CatalogoTipo, q: string, id: PgColumn, ambito?: number): Promise<SQL> {
  const ids = await idsContaining(tipo, q, ambito);
  return ids.length === 0 ? sql`false` : inArray(id, ids);
}

export async function listRegiones(): Promise<RegionRow[]> {
  return (await getDb()).select().from(regiones).orderBy(asc(regiones.clave));
}

export async function findRegion(id: number): Promise<RegionRow | undefined> {
  const [row] = await (await getDb()).select().from(regiones).where(eq(regiones.id, id));
  return row;
}

async function selectCiudades(where: SQL | undefined): Promise<CiudadRow[]> {
  const db = await getDb();
  const rows = await db
    .select({ ciudad: ciudades, region: regiones.nombre })
    .from(ciudades)
    .innerJoin(regiones, eq(regiones.id, ciudades.regionId))
    .where(where)
    .orderBy(asc(ciudades.clave), asc(regiones.clave));
  return rows.map(({ ciudad, region }) => ({ ...ciudad, region }));
}

export async function listCiudades(filter: { region?: number; q?: string }): Promise<CiudadRow[]> {
  const conditions: SQL[] = [];
  if (filter.region !== undefined) conditions.push(eq(ciudades.regionId, filter.region));
  if (filter.q !== undefined) conditions.push(await containing("ciudad", filter.q, ciudades.id, filter.region));
  return selectCiudades(and(...conditions));
}

export async function findCiudad(id: number): Promise<CiudadRow | undefined> {
  return (await selectCiudades(eq(ciudades.id, id)))[0];
}

export async function listMarcas(filter: { q?: string; soloMercadoNuevos: boolean }): Promise<MarcaRow[]> {
  const conditions: SQL[] = [];
  if (filter.soloMercadoNuevos) conditions.push(eq(marcas.mercadoNuevos, true));
  if (filter.q !== undefined) conditions.push(await containing("marca", filter.q, marcas.id));
  return (await getDb())
    .select()
    .from(marcas)
    .where(and(...conditions))
    .orderBy(asc(marcas.clave));
}

export async function findMarca(id: number): Promise<MarcaRow | undefined> {
  const [row] = await (await getDb()).select().from(marcas).where(eq(marcas.id, id));
  return row;
}

async function selectModelos(where: SQL | undefined): Promise<ModeloRow[]> {
  const db = await getDb();
  const rows = await db
    .select({ modelo: modelos, marca: marcas.nombre })
    .from(modelos)
    .innerJoin(marcas, eq(marcas.id, modelos.marcaId))
    .where(where)
    .orderBy(asc(modelos.clave), asc(marcas.clave));
  return rows.map(({ modelo, marca }) => ({ ...modelo, marca }));
}

export async function listModelos(filter: { marca?: number; q?: string }): Promise<ModeloRow[]> {
  const conditions: SQL[] = [];
  if (filter.marca !== undefined) conditions.push(eq(modelos.marcaId, filter.marca));
  if (filter.q !== undefined) conditions.push(await containing("modelo", filter.q, modelos.id, filter.marca));
  return selectModelos(and(...conditions));
}

export async function findModelo(id: number): Promise<ModeloRow | undefined> {
  return (await selectModelos(eq(modelos.id, id)))[0];
}

export async function listCarrocerias(): Promise<CarroceriaRow[]> {
  return (await getDb()).select().from(carrocerias).orderBy(asc(carrocerias.id));
}

export async function findCarroceria(id: number): Promise<CarroceriaRow | undefined> {
  const [row] = await (await getDb()).select().from(carrocerias).where(eq(carrocerias.id, id));
  return row;
}

export async function listColores(filter: { q?: string; nombre?: string }): Promise<ColorRow[]> {
  const conditions: SQL[] = [];
  if (filter.nombre !== undefined) conditions.push(eq(colores.clave, normalizeTerm(filter.nombre)));
  if (filter.q !== undefined) conditions.push(await containing("color", filter.q, colores.id));
  return (await getDb())
    .select()
    .from(colores)
    .where(and(...conditions))
    .orderBy(asc(colores.clave));
}

export async function findColor(id: number): Promise<ColorRow | undefined> {
  const [row] = await (await getDb()).select().from(colores).where(eq(colores.id, id));
  return row;
}
