import "server-only";
import { inArray, sql } from "drizzle-orm";
import type { Origen, TipoCambio } from "@/lib/api/publicaciones";
import type { Db } from "@/lib/db";
import { publicacionCambios, publicaciones } from "@/lib/db/schema";
import type { PublicacionRow } from "./present-publicacion";

/** A photo's check that ended, as a change of its listing keeps it. */
export type FotoRevisada = { url: string; estado: string; motivo: string | null };

type Estado = Pick<PublicacionRow, "id" | "estado" | "motivo" | "exposicion">;

/** A change of the listing itself: every kind but a photo's check. */
export type CambioPropio = Exclude<TipoCambio, "foto">;

/**
 * Keeps one listing's change (decision 0116) with the state `row` has after it: one insert, in the
 * caller's transaction, so the change and its record commit together or not at all.
 */
export async function recordCambio(tx: Db, row: Estado, cambio: CambioPropio, origen: Origen, now: Date) {
  await tx.insert(publicacionCambios).values({
    publicacionId: row.id,
    momento: now,
    cambio,
    origen,
    estado: row.estado,
    motivo: row.motivo,
    exposicion: row.exposicion,
  });
}

/**
 * Keeps a photo's check that ended (the platform's), unless that photo's last check kept gave the
 * same result: every PUT checks a photo in error again (decision 0072), and a partner that reprices
 * its cars every hour would otherwise fill the history with the same error. One statement.
 */
export async function recordFotoRevisada(tx: Db, row: Estado, foto: FotoRevisada, now: Date) {
  const c = publicacionCambios;
  await tx.execute(sql`
    insert into ${c} (publicacion_id, momento, cambio, origen, estado, motivo, exposicion, foto_url, foto_estado, foto_motivo)
    select ${row.id}::text, ${now.toISOString()}::timestamptz, 'foto', 'plataforma', ${row.estado}::text, ${row.motivo}::text,
      ${row.exposicion}::text, ${foto.url}::text, ${foto.estado}::text, ${foto.motivo}::text
    where (
      select row(${c.fotoEstado}, ${c.fotoMotivo}) from ${c}
      where ${c.publicacionId} = ${row.id} and ${c.fotoUrl} = ${foto.url}
      order by ${c.id} desc limit 1
    ) is distinct from row(${foto.estado}::text, ${foto.motivo}::text)`);
}

/**
 * Keeps the same change of many listings (the package, a detachment, a return), each with its state
 * as the transaction now sees it: one insert … select (written out: drizzle's would name the identity).
 */
export async function recordCambios(tx: Db, ids: string[], cambio: CambioPropio, origen: Origen, now: Date) {
  if (ids.length === 0) return;
  await tx.execute(sql`
    insert into ${publicacionCambios} (publicacion_id, momento, cambio, origen, estado, motivo, exposicion)
    select id, ${now.toISOString()}::timestamptz, ${cambio}::text, ${origen}::text, estado, motivo, exposicion
    from ${publicaciones} where ${inArray(publicaciones.id, ids)}`);
}
