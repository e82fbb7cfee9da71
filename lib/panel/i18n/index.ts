/**
 * The Panel's languages (issue 7): Spanish (es-AR) first, English available. Plain typed
 * dictionaries: es.ts is the source of truth and en.ts must have exactly its keys (a missing or
 * extra key is a type error). This module holds only what both sides share (types, constants,
 * formatters): the server reads the dictionaries through `textosDe` (servidor.ts), the browser
 * through `useTextos` (components/panel/idioma.tsx), which bundles only Spanish.
 */

export type { TextosConexion } from "./conexion-es";
export type { TextosEquipo } from "./equipo-es";
export type { Textos } from "./es";

export const IDIOMAS = ["es-AR", "en"] as const;
export type Idioma = (typeof IDIOMAS)[number];
export const IDIOMA_PREDETERMINADO: Idioma = "es-AR";

/** The cookie that keeps the choice; it is scoped to the Panel's paths (see COOKIE_RUTAS). */
export const COOKIE_IDIOMA = "idioma";
/**
 * The cookie is set once per path the Panel lives under, so the rest of the site (home, agency
 * registration, docs, all in Spanish) keeps `<html lang="es-AR">` whatever the Panel's language.
 */
export const COOKIE_RUTAS = ["/panel", "/ingresar"] as const;

/** The locale for Intl (dates, numbers): es-AR or en-US. */
export const LOCALES: Record<Idioma, string> = { "es-AR": "es-AR", en: "en-US" };

export function esIdioma(value: unknown): value is Idioma {
  return typeof value === "string" && (IDIOMAS as readonly string[]).includes(value);
}

/** 2026-01-31 → 31/01/2026 (es-AR) or 01/31/2026 (en-US). */
export function formatoDia(dia: string, idioma: Idioma = IDIOMA_PREDETERMINADO): string {
  const [anio, mes, d] = dia.split("-");
  return idioma === "en" ? `${mes}/${d}/${anio}` : `${d}/${mes}/${anio}`;
}
