import "server-only";
import { and, eq, notInArray, sql } from "drizzle-orm";
import type { Auto } from "@/lib/api/consultas";
import { NotFound } from "@/lib/api/problem";
import type { PublicacionEditable } from "@/lib/api/publicaciones";
import type { Db } from "@/lib/db";
import { agenciaApps, agencias, publicaciones, publicacionFotos } from "@/lib/db/schema";
import type { FotoRow, PublicacionRow } from "./present-publicacion";
import { type Item, subscribed } from "./resolve";

/** The query that finds the id of the agency registered with the app (none otherwise), for lookUp's statement. */
export const registeredAgencyId = (appId: string, adminMail: string) =>
  sql`select ${agencias.id} from ${agencias}
    join ${agenciaApps} on ${agenciaApps.agenciaId} = ${agencias.id} and ${agenciaApps.appId} = ${appId} and ${agenciaApps.estado} = 'registrada'
    where ${agencias.adminMail} = ${adminMail.toLowerCase()}`;

/**
 * The app's listing of the agency registered with it, named by ExternalId, with the agency's
 * AdminMail and whether the app is subscribed to the topic, in one statement; 404 otherwise (an
 * unknown ExternalId, another app's listing, an agency not registered with the app).
 */
export async function findListing(db: Db, appId: string, adminMail: string, externalId: string, options: { lock?: boolean } = {}) {
  const query = db
    .select({ publicacion: publicaciones, adminMail: agencias.adminMail, suscripta: subscribed(appId) })
    .from(publicaciones)
    .innerJoin(agencias, eq(agencias.id, publicaciones.agenciaId))
    .innerJoin(agenciaApps, and(eq(agenciaApps.agenciaId, agencias.id), eq(agenciaApps.appId, appId), eq(agenciaApps.estado, "registrada")))
    .where(
      and(
        eq(agencias.adminMail, adminMail.toLowerCase()),
        eq(publicaciones.externalId, externalId.toLowerCase()),
        eq(publicaciones.appId, appId),
      ),
    );
  const [found] = options.lock ? await query.for("update", { of: publicaciones }) : await query;
  if (!found) throw new NotFound();
  return found;
}

/** What the catalogue and the request say of a listing's car, as its columns (make and model only at creation). */
export function carColumns(input: PublicacionEditable, resolved: { carroceria: Item | null; color: Item | null }, operador: string) {
  return {
    refStock: input.RefStock,
    versionYear: input.VersionYear,
    kilometraje: input.Kilometraje,
    precio: input.Precio,
    carroceriaId: resolved.carroceria?.id ?? null,
    carroceria: resolved.carroceria?.nombre ?? null,
    colorId: resolved.color?.id ?? null,
    color: resolved.color?.nombre ?? null,
    combustible: input.Combustible,
    transmision: input.Transmision,
    descripcion: input.Descripcion,
    operadorResponsable: operador,
    exposicionPedida: input.Exposicion,
  };
}

type CarRow = Pick<
  PublicacionRow,
  "externalIdOriginal" | "refStock" | "marca" | "modelo" | "version" | "versionYear" | "kilometraje" | "color" | "carroceria" | "precio"
>;

/** The car as an enquiry about a v3 listing takes it (the enquiries' Auto): a 0 km is `nuevo`. */
export function autoOf(row: CarRow): Auto {
  return {
    ExternalId: row.externalIdOriginal,
    RefStock: row.refStock,
    Marca: row.marca,
    Modelo: row.modelo,
    Version: row.version,
    VersionYear: row.versionYear,
    Kilometraje: row.kilometraje,
    Color: row.color,
    BodyType: row.carroceria,
    Estado: row.kilometraje === 0 ? "nuevo" : "usado",
    Precio: row.precio ?? null,
    Anticipo: null,
    Cuota: null,
  };
}

/** A photo kept in error is checked again: the partner may have fixed it at the same URL (decisions 0072). */
const checkAgainIfError = {
  estado: sql`case when ${publicacionFotos.estado} = 'error' then 'pendiente' else ${publicacionFotos.estado} end`,
  motivo: sql`case when ${publicacionFotos.estado} = 'error' then null else ${publicacionFotos.motivo} end`,
  intentos: sql`case when ${publicacionFotos.estado} = 'error' then 0 else ${publicacionFotos.intentos} end`,
};

/**
 * The listing's photos become `urls`, in that order: a URL it already had keeps a check that ended
 * ok or is still pending (it is not fetched again), one in error and a new one wait to be checked,
 * and one no longer listed is forgotten.
 */
export async function saveFotos(tx: Db, publicacionId: string, urls: string[], replacing: boolean): Promise<FotoRow[]> {
  if (replacing) {
    await tx
      .delete(publicacionFotos)
      .where(and(eq(publicacionFotos.publicacionId, publicacionId), urls.length > 0 ? notInArray(publicacionFotos.url, urls) : undefined));
  }
  if (urls.length === 0) return [];
  const rows = await tx
    .insert(publicacionFotos)
    .values(urls.map((url, posicion) => ({ publicacionId, url, posicion })))
    .onConflictDoUpdate({
      target: [publicacionFotos.publicacionId, publicacionFotos.url],
      set: { posicion: sql`excluded.posicion`, ...checkAgainIfError },
    })
    .returning();
  return rows.sort((a, b) => a.posicion - b.posicion);
}
