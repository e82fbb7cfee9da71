import "server-only";
import { cookies } from "next/headers";
import { conexionEn } from "./conexion-en";
import { conexionEs } from "./conexion-es";
import { en } from "./en";
import { equipoEn } from "./equipo-en";
import { equipoEs } from "./equipo-es";
import { es } from "./es";
import { COOKIE_IDIOMA, esIdioma, IDIOMA_PREDETERMINADO, type Idioma, type Textos, type TextosConexion, type TextosEquipo } from "./index";
import { respuestasEn } from "./respuestas-en";
import { respuestasEs, type TextosRespuestas } from "./respuestas-es";

/**
 * The Panel's language and texts on the server, which has every dictionary at hand (the shared one,
 * the Equipo/Conexión pages' own and the route handlers' answers). The browser gets them from
 * components/panel/idioma.tsx instead, so English is not in every page's bundle.
 */

export type TextosServidor = Textos & { equipo: TextosEquipo; conexion: TextosConexion; respuestas: TextosRespuestas };

const DICCIONARIOS: Record<Idioma, TextosServidor> = {
  "es-AR": { ...es, equipo: equipoEs, conexion: conexionEs, respuestas: respuestasEs },
  en: { ...en, equipo: equipoEn, conexion: conexionEn, respuestas: respuestasEn },
};

export function textosDe(idioma: Idioma): TextosServidor {
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

export async function getTextos(): Promise<TextosServidor> {
  return textosDe(await getIdioma());
}
