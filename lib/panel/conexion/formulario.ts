import * as z from "zod/mini";
import type { Traductor } from "@/lib/panel/i18n/idiomas";

/**
 * The rules of the connection form (decisions 0015), shared by the browser and the route handler (which
 * checks again, then tries the values against the API before saving them). No dictionary here: the
 * caller passes its messages.
 */

export const LIMITES_CONEXION = { url: 500, appKey: 100, appSecret: 500 } as const;

/** An absolute http(s) URL with no user, password, query or fragment: the client adds /v3/… to it. */
export function esUrlBase(value: string): boolean {
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) && !url.username && !url.password && !url.search && !url.hash && url.hostname !== "";
  } catch {
    return false;
  }
}

const sinEspacios = (mensaje: string) => z.refine<string>((value) => !/\s/.test(value), mensaje);

/** The body of PUT /panel/conexion/credenciales; an empty AppSecret keeps the saved one. */
export function conexionSchemaDe(t: Traductor) {
  return z.object({
    ApiBaseUrl: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, t("conexion.validacion.faltaUrl")),
        z.maxLength(LIMITES_CONEXION.url, t("conexion.validacion.urlMaxima", { max: LIMITES_CONEXION.url })),
        z.refine(esUrlBase, t("conexion.validacion.urlInvalida")),
      ),
    AppKey: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, t("conexion.validacion.faltaAppKey")),
        z.maxLength(LIMITES_CONEXION.appKey, t("conexion.validacion.appKeyMaxima", { max: LIMITES_CONEXION.appKey })),
        sinEspacios(t("conexion.validacion.espacios")),
      ),
    AppSecret: z
      .string()
      .check(
        z.trim(),
        z.maxLength(LIMITES_CONEXION.appSecret, t("conexion.validacion.appSecretMaximo", { max: LIMITES_CONEXION.appSecret })),
        sinEspacios(t("conexion.validacion.espacios")),
      ),
  });
}

export type CambioConexion = z.infer<ReturnType<typeof conexionSchemaDe>>;

/** The answer of a connection test, as the route handlers send it to the page. */
export type Prueba = {
  Ok: boolean;
  /** The API's HTTP status; null when it could not be reached. */
  Status: number | null;
  LatenciaMs: number;
  /** EntryPoints' Version when the API answered 200. */
  Version: string | null;
  /** Otherwise the API's problem (Title, Detail), or why it could not be reached. */
  Title?: string;
  Detail?: string;
};
