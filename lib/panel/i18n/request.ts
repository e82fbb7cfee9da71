import "server-only";
import { cookies } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { FORMATOS } from "@/lib/formats";
import { COOKIE_IDIOMA, esIdioma, IDIOMA_PREDETERMINADO, type Idioma } from "./idiomas";
import { MENSAJES } from "./mensajes";
import { zonaHorariaDelPanel } from "./zona-horaria";

/**
 * The Panel's language for this request: the `idioma` cookie (es-AR | en), Spanish without it.
 * Accept-Language is deliberately not honoured: the Panel is Spanish-first and an English browser
 * would otherwise switch staff who never chose English.
 */
export async function leerIdioma(): Promise<Idioma> {
  const value = (await cookies()).get(COOKIE_IDIOMA)?.value;
  return esIdioma(value) ? value : IDIOMA_PREDETERMINADO;
}

/** next-intl's configuration for each request (next.config.ts points its plugin here). */
export default getRequestConfig(async () => {
  const locale = await leerIdioma();
  return { locale, messages: MENSAJES[locale], formats: FORMATOS, timeZone: zonaHorariaDelPanel() };
});
