import "server-only";
import { notFound } from "next/navigation";
import type { TextosServidor } from "@/lib/panel/i18n/servidor";
import { errorInterno, manejarMutacion, respuestaJson, respuestaProblema } from "@/lib/panel/manejar";
import type { CurrentUser, Role } from "@/lib/panel/session";
import { type V3Client, V3Error, v3ClientFor } from "@/lib/panel/v3-client";
import { esTopicoValido } from "./limites";

/**
 * Server helpers of the Notificaciones part of the panel (decisions §9 and §12): admin configures
 * the webhooks, sends tests and retries; soporte reads the delivery log; agencia sees nothing.
 */

export const LECTORES: readonly Role[] = ["admin", "soporte"];
export const EDITORES: readonly Role[] = ["admin"];

/** A topic from the URL, checked before it reaches the API (unknown shapes are a 404 page). */
export function topicoDeRuta(topic: string): string {
  const decoded = decodeURIComponent(topic);
  if (!esTopicoValido(decoded)) notFound();
  return decoded;
}

/**
 * A V3Error (or anything else) as the JSON answer of a panel route handler: the API's problem with its
 * status; a 404, and the API out of reach, said by the Panel in the user's language.
 */
export function respuestaDeError(error: unknown, textos: TextosServidor): Response {
  if (!(error instanceof V3Error)) return errorInterno(error, textos);
  const t = textos.respuestas;
  if (error.status === 404) return respuestaProblema({ Title: t.noEncontrado, Status: 404, Detail: t.notificacionNoEncontrada });
  if (error.status === 0) return respuestaProblema({ Title: t.sinConexion, Status: 502, Detail: t.sinConexionDetalle });
  const { Title, Detail, Errors } = error.problem;
  return respuestaProblema({ Title, Status: error.status, Detail, Errors });
}

/**
 * Runs one route handler of the Notificaciones part (lib/panel/manejar.ts: the role first, then the
 * CSRF guard) with the workspace's v3 client; V3 errors become JSON answers with the API's status.
 */
export function manejar(
  request: Request,
  roles: readonly Role[],
  accion: (ctx: { user: CurrentUser; client: V3Client; textos: TextosServidor }) => Promise<Response>,
): Promise<Response> {
  return manejarMutacion(
    request,
    { roles, next: "/panel/notificaciones" },
    async ({ user, textos }) => accion({ user, client: await v3ClientFor(user.workspace.id), textos }),
    respuestaDeError,
  );
}

export { respuestaJson };
