import "server-only";
import { notFound } from "next/navigation";
import { errorInterno, manejarMutacion, respuestaJson } from "@/lib/panel/manejar";
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

/** A V3Error (or anything else) as the JSON answer of a panel route handler. */
export function respuestaDeError(error: unknown): Response {
  if (error instanceof V3Error) {
    const status = error.status === 0 ? 502 : error.status;
    const { Title, Detail, Errors } = error.problem;
    if (error.status === 404)
      return respuestaJson(
        { Title: "No encontrado", Status: 404, Detail: "El tópico no está configurado o la notificación no existe." },
        404,
      );
    return respuestaJson({ Title, Status: status, Detail, Errors }, status);
  }
  return errorInterno(error);
}

/**
 * Runs one route handler of the Notificaciones part (lib/panel/manejar.ts: the role first, then the
 * CSRF guard) with the workspace's v3 client; V3 errors become JSON answers with the API's status.
 */
export function manejar(
  request: Request,
  roles: readonly Role[],
  accion: (ctx: { user: CurrentUser; client: V3Client }) => Promise<Response>,
): Promise<Response> {
  return manejarMutacion(
    request,
    { roles, next: "/panel/notificaciones" },
    async ({ user }) => accion({ user, client: await v3ClientFor(user.workspace.id) }),
    respuestaDeError,
  );
}

export { respuestaJson };
