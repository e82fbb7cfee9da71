import "server-only";
import { notFound, unstable_rethrow } from "next/navigation";
import { vieneDelPanel } from "@/lib/panel/mismo-sitio";
import { type CurrentUser, type Role, requireUser } from "@/lib/panel/session";
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

const json = (body: unknown, status: number) => Response.json(body, { status, headers: { "Cache-Control": "no-store" } });

/** A V3Error (or anything else) as the JSON answer of a panel route handler. */
export function respuestaDeError(error: unknown): Response {
  if (error instanceof V3Error) {
    const status = error.status === 0 ? 502 : error.status;
    const { Title, Detail, Errors } = error.problem;
    if (error.status === 404)
      return json({ Title: "No encontrado", Status: 404, Detail: "El tópico no está configurado o la notificación no existe." }, 404);
    return json({ Title, Status: status, Detail, Errors }, status);
  }
  console.error("[panel/notificaciones]", error);
  return json({ Title: "Error interno", Status: 500, Detail: "No pudimos completar la operación. Probá de nuevo." }, 500);
}

/**
 * Runs one route handler of the panel: the user must have one of `roles` (requireUser answers 403
 * or redirects to sign-in otherwise, before anything else), the request must come from the panel
 * itself, and V3 errors become JSON answers with the API's status.
 */
export async function manejar(
  request: Request,
  roles: readonly Role[],
  accion: (ctx: { user: CurrentUser; client: V3Client }) => Promise<Response>,
): Promise<Response> {
  const user = await requireUser({ roles, next: "/panel/notificaciones" });
  if (!vieneDelPanel(request)) {
    return json({ Title: "Operación prohibida", Status: 403, Detail: "La solicitud no viene del panel." }, 403);
  }
  try {
    const client = await v3ClientFor(user.workspace.id);
    return await accion({ user, client });
  } catch (error) {
    unstable_rethrow(error);
    return respuestaDeError(error);
  }
}

export { json as respuestaJson };
