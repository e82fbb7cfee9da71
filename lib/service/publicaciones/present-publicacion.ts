import "server-only";
import { asc, inArray, sql } from "drizzle-orm";
import { agenciaPath } from "@/lib/api/agencias";
import { consultasPath, DIAS_CONSULTAS } from "@/lib/api/consultas";
import { withQuery } from "@/lib/api/links";
import type { Publicacion, PublicacionRef } from "@/lib/api/publicaciones";
import { publicacionPath } from "@/lib/api/publicaciones";
import type { Db } from "@/lib/db";
import { type publicaciones, publicacionFotos } from "@/lib/db/schema";
import { config } from "@/lib/env";
import { addDays, dayOf, formatDateTime, startOfDay } from "@/lib/time";

export type PublicacionRow = typeof publicaciones.$inferSelect;
export type FotoRow = typeof publicacionFotos.$inferSelect;
export type Counts = { Total: number; SinAtender: number };

export const capitalized = (estado: string) => `${estado.charAt(0).toUpperCase()}${estado.slice(1)}` as Publicacion["Estado"];

/**
 * A catalogue reference. A listing from before the models catalogue whose make or model it does not
 * know has no id: its reference is the catalogue's search for the name it has (decisions 0066).
 */
function catalogueRef(collection: string, id: number | null, title: string, search: Record<string, string | number>) {
  return { href: id === null ? withQuery(`/v3/${collection}`, search) : `/v3/${collection}/${id}`, title };
}

const optionalRef = (collection: string, id: number | null, title: string | null) =>
  title === null ? null : catalogueRef(collection, id, title, { q: title });

export const refTitle = (row: Pick<PublicacionRow, "marca" | "modelo" | "versionYear" | "externalIdOriginal">) =>
  [row.marca, row.modelo, row.versionYear, `(${row.externalIdOriginal})`].filter((part) => part !== null).join(" ");

/** The entry of a listing whose photos and enquiry counts are known. */
export function presentEntry(row: PublicacionRow, adminMail: string, fotos: FotoRow[], consultas: Counts): Publicacion {
  const zone = config().timeZone;
  const self = publicacionPath(adminMail, row.externalIdOriginal);
  return {
    ExternalId: row.externalIdOriginal,
    RefStock: row.refStock,
    Estado: capitalized(row.estado),
    Motivo: row.motivo as Publicacion["Motivo"],
    Exposicion: row.exposicion as Publicacion["Exposicion"],
    OperadorResponsable: row.operadorResponsable,
    Marca: catalogueRef("marcas", row.marcaId, row.marca, { q: row.marca }),
    Modelo: catalogueRef(
      "modelos",
      row.modeloId,
      row.modelo,
      row.marcaId === null ? { q: row.modelo } : { marca: row.marcaId, q: row.modelo },
    ),
    Version: row.version,
    VersionYear: row.versionYear,
    Kilometraje: row.kilometraje,
    Precio: row.precio ?? null,
    Carroceria: optionalRef("carrocerias", row.carroceriaId, row.carroceria),
    Color: optionalRef("colores", row.colorId, row.color),
    Combustible: row.combustible as Publicacion["Combustible"],
    Transmision: row.transmision as Publicacion["Transmision"],
    Descripcion: row.descripcion,
    Fotos: fotos.map((foto) => ({ Url: foto.url, Estado: foto.estado as "pendiente" | "ok" | "error", Motivo: foto.motivo })),
    Consultas: consultas,
    Creada: formatDateTime(row.createdAt, zone),
    Modificada: formatDateTime(row.modificada, zone),
    _links: {
      self: { href: self },
      agencia: { href: agenciaPath(adminMail) },
      consultas: { href: withQuery(consultasPath(adminMail), { externalid: row.externalIdOriginal }) },
    },
  };
}

export function presentRef(row: PublicacionRow, adminMail: string): PublicacionRef {
  return { href: publicacionPath(adminMail, row.externalIdOriginal), title: refTitle(row) };
}

/** The first moment of the enquiries a listing counts: 00:00 of today − 90 days, as the enquiry list's default. */
export const countedSince = (now = new Date()) => {
  const zone = config().timeZone;
  return startOfDay(addDays(dayOf(now, zone), -DIAS_CONSULTAS), zone);
};

const keyOf = (agenciaId: string, appId: string, externalId: string) => `${agenciaId} ${appId} ${externalId}`;

/**
 * The enquiries of the last 90 days about each listing that its app sees, and how many of them the
 * app has not marked attended: one grouped statement over the enquiries' index by listing.
 */
async function countConsultas(db: Db, rows: PublicacionRow[]): Promise<Map<string, Counts>> {
  const counts = new Map<string, Counts>();
  if (rows.length === 0) return counts;
  const agencias = [...new Set(rows.map((row) => row.agenciaId))];
  const externalIds = [...new Set(rows.map((row) => row.externalId))];
  const result = (await db.execute(sql`
    select c.agencia_id, c.app_id, c.external_id, count(*)::int as total, count(*) filter (where a.atendida is not true)::int as sin_atender
    from consultas c
    left join consultas_atencion a on a.app_id = c.app_id and a.sid = c.sid
    where c.agencia_id in ${agencias} and c.external_id in ${externalIds} and c.app_id is not null and c.momento >= ${countedSince()}
    group by c.agencia_id, c.app_id, c.external_id`)) as unknown as {
    rows: { agencia_id: string; app_id: string; external_id: string; total: number; sin_atender: number }[];
  };
  for (const row of result.rows) {
    counts.set(keyOf(row.agencia_id, row.app_id, row.external_id), { Total: Number(row.total), SinAtender: Number(row.sin_atender) });
  }
  return counts;
}

async function fotosOf(db: Db, rows: PublicacionRow[]): Promise<Map<string, FotoRow[]>> {
  const byListing = new Map<string, FotoRow[]>();
  if (rows.length === 0) return byListing;
  const fotos = await db
    .select()
    .from(publicacionFotos)
    .where(
      inArray(
        publicacionFotos.publicacionId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(publicacionFotos.publicacionId), asc(publicacionFotos.posicion));
  for (const foto of fotos) byListing.set(foto.publicacionId, [...(byListing.get(foto.publicacionId) ?? []), foto]);
  return byListing;
}

/**
 * Listings as their app sees them, in the order given: their photos and enquiry counts read in one
 * statement each, whatever their number. `adminMail` names each listing's agency.
 */
export async function presentMany(db: Db, rows: PublicacionRow[], adminMailOf: (row: PublicacionRow) => string): Promise<Publicacion[]> {
  const [fotos, counts] = await Promise.all([fotosOf(db, rows), countConsultas(db, rows)]);
  return rows.map((row) =>
    presentEntry(
      row,
      adminMailOf(row),
      fotos.get(row.id) ?? [],
      counts.get(keyOf(row.agenciaId, row.appId, row.externalId)) ?? { Total: 0, SinAtender: 0 },
    ),
  );
}

/** One listing in the form asked for. */
export async function presentPublicacion(db: Db, row: PublicacionRow, adminMail: string, form: "entry" | "ref") {
  if (form === "ref") return presentRef(row, adminMail);
  const [entry] = await presentMany(db, [row], () => adminMail);
  return entry as Publicacion;
}
