import "server-only";
import type { PanelRole } from "@/lib/db/schema-panel";

/**
 * The Equipo guard rails (decisions 0015), as a pure function the server runs inside the transaction that
 * makes the change (with the workspace's row locked, so two admins acting at once are decided one
 * after the other): an admin neither removes nor demotes themselves, and a workspace always keeps at
 * least one admin.
 */

export type Cambio = { tipo: "rol"; rol: PanelRole } | { tipo: "baja" };

export type Rechazo = "propia-baja" | "propio-rol" | "ultimo-admin";

export function rechazoDelCambio({
  actor,
  objetivo,
  cambio,
  admins,
}: {
  /** Who makes the change (an admin of the workspace). */
  actor: { id: string };
  /** Whom it changes, as they are now. */
  objetivo: { id: string; role: PanelRole };
  cambio: Cambio;
  /** How many admins the workspace has now (the target included). */
  admins: number;
}): Rechazo | null {
  const dejaDeSerAdmin = objetivo.role === "admin" && (cambio.tipo === "baja" || cambio.rol !== "admin");
  if (objetivo.id === actor.id) {
    if (cambio.tipo === "baja") return "propia-baja";
    if (dejaDeSerAdmin) return "propio-rol";
  }
  if (dejaDeSerAdmin && admins <= 1) return "ultimo-admin";
  return null;
}
