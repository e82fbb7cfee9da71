import type { useTranslations } from "next-intl";

/**
 * The Panel's languages (issue 7): Spanish (es-AR) first, English available, chosen with a cookie (no
 * locale in the URL). The messages are next-intl's (messages/<idioma>/<área>.json, loaded in
 * request.ts); this module holds only what the server and the browser share.
 */

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

export function esIdioma(value: unknown): value is Idioma {
  return typeof value === "string" && (IDIOMAS as readonly string[]).includes(value);
}

/** A translator over all the Panel's messages (next-intl's, typed by app-config.d.ts), as form schemas take it. */
export type Traductor = ReturnType<typeof useTranslations<never>>;
