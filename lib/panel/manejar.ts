import "server-only";
import { unstable_rethrow } from "next/navigation";
import { getTranslations } from "next-intl/server";
import type { ZodMiniType } from "zod/mini";
import { unstorableCharacter } from "@/lib/db/storable-text";
import { logger } from "@/lib/log";
import type { Traductor } from "./i18n/idiomas";
import { vieneDelPanel } from "./mismo-sitio";
import type { Problema } from "./problema";
import { type CurrentUser, exigirUsuario, type Role } from "./session";
import { type V3Client, V3Error, v3ClientFor } from "./v3-client";

/**
 * What every mutation route handler of the Panel shares (decisions 0010): the role check first, the CSRF
 * guard (lib/panel/mismo-sitio.ts), JSON bodies, and JSON answers `{ Title, Status, Detail?, Errors? }`
 * with field errors keyed by the form's field, as the Panel's forms read them. What the Panel says
 * itself is in the user's language (the `respuestas` messages); the API's own problem texts pass through.
 */

/** The JSON answer of a Panel route handler (never cached). */
export const respuestaJson = (body: unknown, status: number) => Response.json(body, { status, headers: { "Cache-Control": "no-store" } });

export const respuestaProblema = (problema: Problema) => respuestaJson(problema, problema.Status);

/**
 * Refuses requests that do not come from the Panel and, with `conCuerpo`, bodies that are not JSON,
 * saying why in the user's language. Every Panel route handler that mutates calls it, through
 * manejarMutacion or first thing (sign-out, the language switch); tests/api/headers.test.ts sends
 * every method of every one of them from another site (decisions 0064).
 */
export function rechazarSiNoEsMismoSitio(request: Request, t: Traductor, { conCuerpo = true } = {}): Response | null {
  if (!vieneDelPanel(request))
    return respuestaProblema({ Title: t("respuestas.prohibida"), Status: 403, Detail: t("respuestas.noDelPanel") });
  const type = request.headers.get("content-type") ?? "";
  if (conCuerpo && !/^application\/json\b/i.test(type)) {
    return respuestaProblema({ Title: t("respuestas.tipoNoSoportado"), Status: 415, Detail: t("respuestas.seEsperaJson") });
  }
  return null;
}

/** The 400 of a body that is not a JSON object. */
export const cuerpoInvalido = (t: Traductor) =>
  respuestaProblema({ Title: t("respuestas.solicitudInvalida"), Status: 400, Errors: { _: [t("comun.cuerpoJson")] } });

/** The JSON object of the body, or null when it is not one. */
export async function leerObjeto(request: Request): Promise<Record<string, unknown> | null> {
  try {
    const body = (await request.json()) as unknown;
    return body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A text field of the body: trimmed, "" and non-strings become null. */
export const campo = (body: Record<string, unknown>, name: string): string | null => {
  const value = body[name];
  return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
};

/** The body's text fields by name (a missing or non-text one as ""), for a form's schema to check. */
function camposDeTexto<K extends string>(body: Record<string, unknown>, nombres: readonly K[]): Record<K, string> {
  return Object.fromEntries(nombres.map((nombre) => [nombre, typeof body[nombre] === "string" ? body[nombre] : ""])) as Record<K, string>;
}

/**
 * A form's request: the body's text fields (`campos`) checked with the form's own schema (the browser
 * checked them the same way first). Its data, or a 400 answer titled `titulo` with each message under
 * its field's name, "_" for the whole form (also for a body that is not a JSON object). Text the
 * database cannot store (a NUL, a lone surrogate: a browser never sends it, a script may) is refused
 * here for every form (decisions 0019).
 */
export async function leerFormulario<K extends string, T>(
  request: Request,
  campos: readonly K[],
  schema: ZodMiniType<T>,
  { titulo, t }: { titulo: string; t: Traductor },
): Promise<{ ok: true; data: T } | { ok: false; respuesta: Response }> {
  const body = await leerObjeto(request);
  if (!body) return { ok: false, respuesta: respuestaProblema({ Title: titulo, Status: 400, Errors: { _: [t("comun.cuerpoJson")] } }) };
  const valores = camposDeTexto(body, campos);
  const noAlmacenables: Record<string, string[]> = {};
  const mensajes = { nul: t("comun.caracterNulo"), surrogate: t("comun.sustitutoSuelto") };
  for (const nombre of campos) {
    const motivo = unstorableCharacter(valores[nombre]);
    if (motivo) noAlmacenables[nombre] = [mensajes[motivo]];
  }
  if (Object.keys(noAlmacenables).length > 0) {
    return { ok: false, respuesta: respuestaProblema({ Title: titulo, Status: 400, Errors: noAlmacenables }) };
  }
  const result = await schema.safeParseAsync(valores);
  if (result.success) return { ok: true, data: result.data };
  const Errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const clave = issue.path.join(".") || "_";
    Errors[clave] = [...(Errors[clave] ?? []), issue.message];
  }
  return { ok: false, respuesta: respuestaProblema({ Title: titulo, Status: 400, Errors }) };
}

type Opciones = {
  roles: readonly Role[];
  /** Where a signed-out user comes back to after signing in. */
  next?: string;
  /** Whether the request must carry a JSON body (415 otherwise). */
  conCuerpo?: boolean;
};

/** Something other than a known refusal went wrong: logged, and a 500 without details. */
export function errorInterno(error: unknown, t: Traductor): Response {
  logger().error({ err: error }, "panel: error inesperado en un route handler");
  return respuestaProblema({ Title: t("respuestas.errorInterno"), Status: 500, Detail: t("respuestas.errorInternoDetalle") });
}

/**
 * Runs one mutation route handler: the user must have one of `roles` (exigirUsuario answers 403 or
 * redirects to sign-in otherwise, before anything else), the request must come from the Panel itself,
 * and whatever `accion` throws (other than Next's interrupts: notFound, forbidden, redirect) becomes
 * the answer `alFallar` makes of it. `accion` and `alFallar` get the Panel's texts in the user's language.
 */
export async function manejarMutacion(
  request: Request,
  { roles, next, conCuerpo = false }: Opciones,
  accion: (ctx: { user: CurrentUser; t: Traductor }) => Promise<Response>,
  alFallar: (error: unknown, t: Traductor) => Response = errorInterno,
): Promise<Response> {
  const user = await exigirUsuario({ roles, next });
  const t = await getTranslations();
  const rechazo = rechazarSiNoEsMismoSitio(request, t, { conCuerpo });
  if (rechazo) return rechazo;
  try {
    return await accion({ user, t });
  } catch (error) {
    unstable_rethrow(error);
    return alFallar(error, t);
  }
}

/**
 * A failed v3 call as the answer of a Panel route handler: the API's refusals of the request (its
 * 4xx but 401) pass through with their problem; `noEncontrado` replaces a 404's with the Panel's words
 * for this screen. The API out of reach, refusing the workspace's credentials or failing is a 502 in
 * the Panel's words; anything that is not a V3Error, a 500 (errorInterno).
 */
export function respuestaDeFalla(error: unknown, t: Traductor, noEncontrado?: string): Response {
  if (!(error instanceof V3Error)) return errorInterno(error, t);
  const { Title, Detail, Errors } = error.problem;
  if (error.status === 404 && noEncontrado)
    return respuestaProblema({ Title: t("respuestas.noEncontrado"), Status: 404, Detail: noEncontrado });
  // The API's 401 is about the workspace's credentials, not the user's session: a failure of the Panel.
  if (error.status >= 400 && error.status < 500 && error.status !== 401)
    return respuestaProblema({ Title, Status: error.status, Detail, Errors });
  if (error.status === 0)
    return respuestaProblema({ Title: t("respuestas.sinConexion"), Status: 502, Detail: t("respuestas.sinConexionDetalle") });
  return respuestaProblema({ Title: t("respuestas.errorDeLaApi"), Status: 502, Detail: Detail ?? Title });
}

/**
 * One mutation route handler that calls the API (manejarMutacion) with the workspace's v3 client; a
 * failed call becomes respuestaDeFalla's answer, a bare 404 said with `noEncontrado`'s message.
 */
export function manejarConApi(
  request: Request,
  opciones: Opciones & { noEncontrado?: (t: Traductor) => string },
  accion: (ctx: { user: CurrentUser; t: Traductor; client: V3Client }) => Promise<Response>,
): Promise<Response> {
  return manejarMutacion(
    request,
    opciones,
    async ({ user, t }) => accion({ user, t, client: await v3ClientFor(user.workspace.id) }),
    (error, t) => respuestaDeFalla(error, t, opciones.noEncontrado?.(t)),
  );
}
