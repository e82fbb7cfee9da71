import type { PanelRole } from "@/lib/db/schema-panel";

/**
 * The dashboard's sections and who may use them (docs/contract.md#dashboard-roles); the server enforces the same list.
 * Their names are messages (marco.areas.<clave>).
 */
export const PANEL_AREAS = [
  { clave: "agencias", href: "/panel/agencias", roles: ["admin", "soporte"] },
  { clave: "notificaciones", href: "/panel/notificaciones", roles: ["admin", "soporte"] },
  { clave: "consultas", href: "/panel/consultas", roles: ["admin", "soporte", "agencia"] },
  { clave: "publicaciones", href: "/panel/publicaciones", roles: ["admin", "soporte", "agencia"] },
  { clave: "paquete", href: "/panel/paquete", roles: ["agencia"] },
  { clave: "alertas", href: "/panel/alertas", roles: ["admin", "soporte", "agencia"] },
  { clave: "equipo", href: "/panel/equipo", roles: ["admin"] },
  { clave: "conexion", href: "/panel/conexion", roles: ["admin"] },
] as const satisfies readonly { clave: string; href: string; roles: readonly PanelRole[] }[];

export type PanelArea = (typeof PANEL_AREAS)[number];

/**
 * Who marks an enquiry attended or unattended (decisions 0097): admin and agencia. Soporte reads
 * enquiries and resends their webhooks, but does not mark: an unmark would erase who attended it.
 */
export const ROLES_QUE_MARCAN = ["admin", "agencia"] as const satisfies readonly PanelRole[];

export const puedeMarcarAtencion = (role: PanelRole) => (ROLES_QUE_MARCAN as readonly PanelRole[]).includes(role);

export function areasFor(role: PanelRole): PanelArea[] {
  return PANEL_AREAS.filter((area) => (area.roles as readonly PanelRole[]).includes(role));
}

/** A safe place to return to after signing in: only paths of the dashboard itself. */
export function safeNext(value: string | null | undefined, fallback = "/panel"): string {
  const inPanel = /^\/panel(?:[/?#]|$)/.test(value ?? "");
  return value && inPanel && !value.includes("\\") ? value : fallback;
}
