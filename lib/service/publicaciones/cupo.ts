import "server-only";
import { and, asc, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { EXPOSICIONES } from "@/lib/api/limites";
import { Problem } from "@/lib/api/problem";
import type { Db } from "@/lib/db";
import { type Nivel, productos, publicaciones } from "@/lib/db/schema";

/**
 * The package (AgenciaProductos) enforced (docs/contract.md#the-package, decisions 0067): how many
 * listings of an agency may be Activa, every app's together, and how many at each exposure level.
 * Whatever makes a listing Activa first locks the agency's package row (`lockPackage`), then counts:
 * two activations of one agency, from any apps or processes, take turns, so neither overruns it.
 */

export type Paquete = { estado: string; contratadas: number; niveles: Record<Nivel, number> };
export type Uso = { activas: number; niveles: Record<Nivel, number> };

const NONE: Record<Nivel, number> = { Alta: 0, Media: 0, Baja: 0 };

/** What an agency without a package row has: no plan. */
export const SIN_PLAN: Paquete = { estado: "sin-plan", contratadas: 0, niveles: NONE };

/** The agency's package, its row locked until the transaction ends; without one, no plan. */
export async function lockPackage(tx: Db, agenciaId: string): Promise<Paquete> {
  const [row] = await tx.select().from(productos).where(eq(productos.agenciaId, agenciaId)).for("update");
  if (!row) return SIN_PLAN;
  return {
    estado: row.estado,
    contratadas: row.publicacionesContratadas,
    niveles: { Alta: row.exposicionAlta, Media: row.exposicionMedia, Baja: row.exposicionBaja },
  };
}

/**
 * The agency's Activa listings, all and per level (`except` one of them: the listing being changed
 * keeps no slot against itself). Read after lockPackage, in a statement of its own: it then sees
 * every activation committed while this transaction waited for the lock.
 */
export async function usage(tx: Db, agenciaId: string, except?: string): Promise<Uso> {
  const rows = await tx
    .select({ exposicion: publicaciones.exposicion, total: sql<number>`count(*)::int` })
    .from(publicaciones)
    .where(
      and(eq(publicaciones.agenciaId, agenciaId), eq(publicaciones.estado, "activa"), except ? ne(publicaciones.id, except) : undefined),
    )
    .groupBy(publicaciones.exposicion);
  const niveles = { ...NONE };
  let activas = 0;
  for (const row of rows) {
    activas += Number(row.total);
    if (row.exposicion) niveles[row.exposicion as Nivel] = Number(row.total);
  }
  return { activas, niveles };
}

/** The level a listing gets: the one asked for when it has room, else the best one that has (Alta > Media > Baja). */
export function levelFor(paquete: Paquete, uso: Uso, pedida: Nivel | null): Nivel | undefined {
  const free = (nivel: Nivel) => uso.niveles[nivel] < paquete.niveles[nivel];
  if (pedida && free(pedida)) return pedida;
  return EXPOSICIONES.find(free);
}

/** What the 409s carry beside their Detail: the package and its use, as AgenciaProductos names them. */
function packageExtensions(paquete: Paquete, uso: Uso) {
  return {
    Paquete: {
      Estado: paquete.estado,
      Publicaciones: { Contratadas: paquete.contratadas, Activas: uso.activas },
      Exposiciones: Object.fromEntries(
        EXPOSICIONES.map((nivel) => [nivel, { Contratadas: paquete.niveles[nivel], Usadas: uso.niveles[nivel] }]),
      ),
    },
  };
}

/**
 * Why the package has no room for one more Activa listing, as its 409 (under Activa: the package is
 * not activo or has no publication free; under Exposicion: no level has room); undefined when it has.
 */
export function refusal(paquete: Paquete, uso: Uso, pedida: Nivel | null): Problem | undefined {
  const numbers = `contratadas ${paquete.contratadas}, activas ${uso.activas}`;
  const extensions = packageExtensions(paquete, uso);
  if (paquete.estado !== "activo") {
    return new Problem(
      409,
      `El paquete de la agencia está ${paquete.estado}: no admite publicaciones activas (${numbers}).`,
      { Activa: [`El paquete de la agencia está ${paquete.estado}: la publicación puede guardarse con Activa false.`] },
      {},
      extensions,
    );
  }
  if (uso.activas >= paquete.contratadas) {
    return new Problem(
      409,
      `El paquete de la agencia no tiene publicaciones disponibles (${numbers}).`,
      { Activa: ["El paquete no tiene publicaciones disponibles: suspendé o archivá otra, o guardala con Activa false."] },
      {},
      extensions,
    );
  }
  if (!levelFor(paquete, uso, pedida)) {
    const levels = EXPOSICIONES.map((n) => `${n} ${uso.niveles[n]} de ${paquete.niveles[n]}`).join(", ");
    return new Problem(
      409,
      `Ningún nivel de exposición del paquete tiene lugar (usadas: ${levels}).`,
      { Exposicion: ["Ningún nivel de exposición tiene lugar: suspendé o archivá otra publicación activa."] },
      {},
      extensions,
    );
  }
  return undefined;
}

/**
 * Room for one more Activa listing of the agency, and its level; the refusal's 409 otherwise. Locks
 * the package: the caller writes the listing in the same transaction.
 */
export async function reserve(tx: Db, agenciaId: string, pedida: Nivel | null, except?: string): Promise<Nivel> {
  const paquete = await lockPackage(tx, agenciaId);
  const uso = await usage(tx, agenciaId, except);
  const refused = refusal(paquete, uso, pedida);
  if (refused) throw refused;
  return levelFor(paquete, uso, pedida) as Nivel;
}

type Activa = { id: string; exposicion: string | null };

/**
 * After the package changed (its row locked by the change): the Activa listings that no longer fit
 * are suspended with Motivo paquete, the most recently activated first, until the rest fit; a level
 * lowered below its listings moves its most recent ones to the best level with room, or suspends
 * them. Returns the listings suspended and those moved, for their notifications. Nothing is reactivated.
 */
export async function fitPackage(
  tx: Db,
  agenciaId: string,
  paquete: Paquete,
  now: Date,
): Promise<{ suspendidas: string[]; movidas: string[] }> {
  const activas: Activa[] = await tx
    .select({ id: publicaciones.id, exposicion: publicaciones.exposicion })
    .from(publicaciones)
    .where(and(eq(publicaciones.agenciaId, agenciaId), eq(publicaciones.estado, "activa")))
    .orderBy(desc(publicaciones.activada), desc(publicaciones.id));
  const keep = paquete.estado === "activo" ? Math.max(0, paquete.contratadas) : 0;
  const suspended = activas.slice(0, Math.max(0, activas.length - keep)).map((listing) => listing.id);
  const staying = activas.slice(suspended.length);
  const moved = new Map<Nivel, string[]>();
  const uso: Uso = { activas: staying.length, niveles: { ...NONE } };
  for (const listing of staying) if (listing.exposicion) uso.niveles[listing.exposicion as Nivel]++;
  // The most recently activated of an overfull level leave it first; the oldest keep their place.
  for (const nivel of EXPOSICIONES) {
    const ofLevel = staying.filter((listing) => listing.exposicion === nivel);
    for (const listing of ofLevel.slice(0, Math.max(0, uso.niveles[nivel] - paquete.niveles[nivel]))) {
      uso.niveles[nivel]--;
      const other = levelFor(paquete, uso, null);
      if (other) {
        uso.niveles[other]++;
        moved.set(other, [...(moved.get(other) ?? []), listing.id]);
      } else suspended.push(listing.id);
    }
  }
  if (suspended.length > 0) await suspend(tx, suspended, "paquete", now);
  for (const [nivel, ids] of moved) {
    await tx.update(publicaciones).set({ exposicion: nivel, modificada: now }).where(inArray(publicaciones.id, ids));
  }
  return { suspendidas: suspended, movidas: [...moved.values()].flat() };
}

/** Suspends listings, freeing their places at once. */
export async function suspend(tx: Db, ids: string[], motivo: "app" | "paquete" | "desasociada", now: Date): Promise<void> {
  await tx
    .update(publicaciones)
    .set({ estado: "suspendida", motivo, exposicion: null, modificada: now })
    .where(inArray(publicaciones.id, ids));
}

/**
 * A re-attached agency: the app's listings its detachment suspended come back, the first activated
 * first, as far as the package has room (each at the level it asked for, or the best free one); the
 * others stay suspended, now by the package. Returns the listings changed.
 */
export async function restoreDetached(tx: Db, agenciaId: string, appId: string, now: Date): Promise<string[]> {
  const waiting = await tx
    .select({ id: publicaciones.id, pedida: publicaciones.exposicionPedida })
    .from(publicaciones)
    .where(
      and(
        eq(publicaciones.agenciaId, agenciaId),
        eq(publicaciones.appId, appId),
        eq(publicaciones.estado, "suspendida"),
        eq(publicaciones.motivo, "desasociada"),
      ),
    )
    .orderBy(asc(sql`${publicaciones.activada} is null`), asc(publicaciones.activada), asc(publicaciones.id));
  if (waiting.length === 0) return [];
  const paquete = await lockPackage(tx, agenciaId);
  const uso = await usage(tx, agenciaId);
  const back = new Map<Nivel, string[]>();
  const left: string[] = [];
  for (const listing of waiting) {
    const nivel =
      paquete.estado === "activo" && uso.activas < paquete.contratadas ? levelFor(paquete, uso, listing.pedida as Nivel | null) : undefined;
    if (!nivel) {
      left.push(listing.id);
      continue;
    }
    uso.activas++;
    uso.niveles[nivel]++;
    back.set(nivel, [...(back.get(nivel) ?? []), listing.id]);
  }
  for (const [nivel, ids] of back) {
    await tx
      .update(publicaciones)
      .set({ estado: "activa", motivo: null, exposicion: nivel, activada: now, modificada: now })
      .where(inArray(publicaciones.id, ids));
  }
  if (left.length > 0) await suspend(tx, left, "paquete", now);
  return waiting.map((listing) => listing.id);
}

/** The listings an app's detachment suspends: its Activa ones of the agency. Returns them. */
export async function suspendDetached(tx: Db, agenciaId: string, appId: string, now: Date): Promise<string[]> {
  const rows = await tx
    .update(publicaciones)
    .set({ estado: "suspendida", motivo: "desasociada", exposicion: null, modificada: now })
    .where(and(eq(publicaciones.agenciaId, agenciaId), eq(publicaciones.appId, appId), eq(publicaciones.estado, "activa")))
    .returning({ id: publicaciones.id });
  return rows.map((row) => row.id);
}
