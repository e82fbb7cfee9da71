import "server-only";
import { inArray, sql } from "drizzle-orm";
import type { Origen, TipoCambio } from "@/lib/api/publicaciones";
import type { Db } from "@/lib/db";
import { publicacionCambios, publicaciones } from "@/lib/db/schema";
import type { PublicacionRow } from "./present-publicacion";

/** A photo's check that ended, as a change of its listing keeps it. */
export type FotoRevisada = { url: string; estado: string; motivo: string | null };

type Estado = Pick<PublicacionRow, "id" | "estado" | "motivo" | "exposicion">;

/**
 * Keeps one listing's change (decision 0116) with the state `row` has after it: one insert, in the
 * caller's transaction, so the change and its record commit together or not at all.
 */
export async function recordCambio(tx: Db, row: Estado, cambio: TipoCambio, origen: Origen, now: Date, foto?: FotoRevisada) {
  await tx.insert(publicacionCambios).values({
    publicacionId: row.id,
    momento: now,
    cambio,
    origen,
    estado: row.estado,
    motivo: row.motivo,
    exposicion: row.exposicion,
    fotoUrl: foto?.url ?? null,
    fotoEstado: foto?.estado ?? null,
    fotoMotivo: foto?.motivo ?? null,
  });
}

/**
 * Keeps the same change of many listings (the package, a detachment, a return), each with its state
 * as the transaction now sees it: one insert … select (written out: drizzle's would name the identity).
 */
export async function recordCambios(tx: Db, ids: string[], cambio: TipoCambio, origen: Origen, now: Date) {
  if (ids.length === 0) return;
  await tx.execute(sql`
    insert into ${publicacionCambios} (publicacion_id, momento, cambio, origen, estado, motivo, exposicion)
    select id, ${now.toISOString()}::timestamptz, ${cambio}, ${origen}, estado, motivo, exposicion
    from ${publicaciones} where ${inArray(publicaciones.id, ids)}`);
}
