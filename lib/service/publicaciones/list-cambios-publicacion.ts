import "server-only";
import { count, desc, eq } from "drizzle-orm";
import { PER_PAGINA } from "@/lib/api/limites";
import { type CambioPublicacion, type CambiosPublicacion, publicacionPath } from "@/lib/api/publicaciones";
import { inSnapshot } from "@/lib/db";
import { publicacionCambios } from "@/lib/db/schema";
import { config } from "@/lib/env";
import type { AuthenticatedApp } from "@/lib/service/apps/find-app";
import { pageEnvelope } from "@/lib/service/consultas/envelope";
import { formatDateTime } from "@/lib/time";
import { findListing } from "./listing";
import { capitalized } from "./present-publicacion";

type CambioRow = typeof publicacionCambios.$inferSelect;

function presentCambio(row: CambioRow, zone: string): CambioPublicacion {
  return {
    Momento: formatDateTime(row.momento, zone),
    Cambio: row.cambio as CambioPublicacion["Cambio"],
    Origen: row.origen as CambioPublicacion["Origen"],
    Estado: capitalized(row.estado),
    Motivo: row.motivo as CambioPublicacion["Motivo"],
    Exposicion: row.exposicion as CambioPublicacion["Exposicion"],
    Foto:
      row.fotoUrl === null
        ? null
        : { Url: row.fotoUrl, Estado: row.fotoEstado as NonNullable<CambioPublicacion["Foto"]>["Estado"], Motivo: row.fotoMotivo },
  };
}

/**
 * GET /v3/publicaciones/{adminMail}/{externalId}/cambios (extension, decision 0116): the app's
 * listing's changes, newest first, a page at a time; 404 as for the listing itself.
 */
export async function listCambiosPublicacion(
  app: AuthenticatedApp,
  adminMail: string,
  externalId: string,
  pagina = 1,
): Promise<CambiosPublicacion> {
  const { total, rows, self } = await inSnapshot(async (db) => {
    const found = await findListing(db, app.id, adminMail, externalId);
    const where = eq(publicacionCambios.publicacionId, found.publicacion.id);
    const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(publicacionCambios).where(where);
    const rows = await db
      .select()
      .from(publicacionCambios)
      .where(where)
      .orderBy(desc(publicacionCambios.id))
      .limit(PER_PAGINA)
      .offset((pagina - 1) * PER_PAGINA);
    return { total, rows, self: publicacionPath(found.adminMail, found.publicacion.externalIdOriginal) };
  });
  const zone = config().timeZone;
  return {
    ...pageEnvelope(`${self}/cambios`, {}, { pagina, total }, { publicacion: self }),
    _entries: rows.map((row) => presentCambio(row, zone)),
  };
}
