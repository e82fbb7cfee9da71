import "server-only";
import { cookies } from "next/headers";
import { COOKIE_IDIOMA, esIdioma, IDIOMA_PREDETERMINADO, type Idioma, type Textos, textosDe } from "./index";

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
