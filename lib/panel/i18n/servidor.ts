import "server-only";
import { cookies } from "next/headers";
import { en } from "./en";
import { es } from "./es";
import { COOKIE_IDIOMA, esIdioma, IDIOMA_PREDETERMINADO, type Idioma, type Textos } from "./index";

/**
 * The Panel's language and texts on the server, which has both dictionaries at hand. The browser
 * gets them from components/panel/idioma.tsx instead, so English is not in every page's bundle.
 */

const DICCIONARIOS: Record<Idioma, Textos> = { "es-AR": es, en };

export function textosDe(idioma: Idioma): Textos {
  return DICCIONARIOS[idioma];
}

/**
 * The Panel's language for this request: the `idioma` cookie (es-AR | en), Spanish without it.
 * Accept-Language is deliberately not honoured: the Panel is Spanish-first and an English browser
 * would otherwise switch staff who never chose English.
 */
export async function getIdioma(): Promise<Idioma> {
  const value = (await cookies()).get(COOKIE_IDIOMA)?.value;
  return esIdioma(value) ? value : IDIOMA_PREDETERMINADO;
}

export async function getTextos(): Promise<Textos> {
  return textosDe(await getIdioma());
}
