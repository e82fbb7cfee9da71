/**
 * How many enquiries arrived since the inbox last looked at page 1 (newest first): the sids above the
 * one it knew as the newest, and the growth of Total. Either alone misses some: Total stays put when an
 * old enquiry leaves the 90-day window as a new one arrives, and an enquiry ingested with an earlier
 * Momento does not come first. Pure, so it is unit tested.
 */

/** How often page 1 is polled while the tab is visible (react-query pauses it in the background). */
export const INTERVALO_NOVEDADES_MS = 15_000;

/** What the inbox knew: the filter's Total and the sid of page 1's first enquiry (null: none). */
export type Conocido = { total: number; primera: string | null };

/** A poll of page 1: the filter's Total and the page's sids, newest first. */
export type Sondeo = { total: number; sids: readonly string[] };

export function contarNuevas(antes: Conocido, ahora: Sondeo): number {
  const crecio = ahora.total - antes.total;
  const [primera] = ahora.sids;
  if (primera === undefined || primera === antes.primera) return Math.max(0, crecio);
  // The newest changed: the ones above the old newest are new (all of page 1 when it is no longer there).
  const posicion = antes.primera === null ? -1 : ahora.sids.indexOf(antes.primera);
  return Math.max(1, posicion >= 0 ? posicion : ahora.sids.length, crecio);
}

/** A row as the inbox shows it: its sid and its Momento (ISO 8601, as the API writes it). */
export type FilaConocida = { sid: string; momentoIso: string };

/** What the table showed when it opened: its sids and its newest Momento. */
export type Mostradas = { sids: ReadonlySet<string>; ultima: string };

export function mostradas(filas: readonly FilaConocida[]): Mostradas {
  const momentos = filas.map((fila) => fila.momentoIso).sort();
  return { sids: new Set(filas.map((fila) => fila.sid)), ultima: momentos.at(-1) ?? "" };
}

/**
 * The rows that arrived since the table opened (a refresh after a poll found new enquiries): ones it
 * did not show, newer than all it showed. A row that only moved up (one above it marked attended left
 * the tab, or was newly read) is older than the newest shown, so it is not new.
 */
export function llegadas(antes: Mostradas, filas: readonly FilaConocida[]): Set<string> {
  return new Set(filas.filter((fila) => !antes.sids.has(fila.sid) && fila.momentoIso > antes.ultima).map((fila) => fila.sid));
}
