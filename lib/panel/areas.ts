import type { PanelRole } from "@/lib/db/schema-panel";

/**
 * The dashboard's sections and who may use them (decisions §12); the server enforces the same list.
 * Their names are in the dictionaries (marco.areas).
 */
export const PANEL_AREAS = [
  { href: "/panel/agencias", roles: ["admin", "soporte"] },
  { href: "/panel/notificaciones", roles: ["admin", "soporte"] },
  { href: "/panel/consultas", roles: ["admin", "soporte", "agencia"] },
  { href: "/panel/paquete", roles: ["agencia"] },
  { href: "/panel/equipo", roles: ["admin"] },
  { href: "/panel/conexion", roles: ["admin"] },
] as const satisfies readonly { href: string; roles: readonly PanelRole[] }[];

export type PanelArea = (typeof PANEL_AREAS)[number];

export function areasFor(role: PanelRole): PanelArea[] {
  return PANEL_AREAS.filter((area) => (area.roles as readonly PanelRole[]).includes(role));
}

/** Where a role lands after signing in: an agency user goes straight to its enquiries. */
export function homeFor(role: PanelRole): string {
  return role === "agencia" ? "/panel/consultas" : "/panel";
}

/** A safe place to return to after signing in: only paths of the dashboard itself. */
export function safeNext(value: string | null | undefined, fallback = "/panel"): string {
  const inPanel = /^\/panel(?:[/?#]|$)/.test(value ?? "");
  return value && inPanel && !value.includes("\\") ? value : fallback;
}
