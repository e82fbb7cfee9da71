import "server-only";
import type { TextosServidor } from "@/lib/panel/i18n/servidor";
import { errorInterno, manejarMutacion, respuestaProblema } from "@/lib/panel/manejar";
import { type V3Client, V3Error, v3ClientFor } from "@/lib/panel/v3-client";

/**
 * Shared plumbing of the Agencias route handlers (the mutations, admin only): manejarMutacion
 * (lib/panel/manejar.ts: the role first, then the CSRF guard and the body) with the workspace's v3
 * client, and the agency's answers.
 */

/** A failed v3 call as the panel's client code reads it: the API's field errors pass through. */
export function respuestaDeV3(failure: unknown, textos: TextosServidor): Response {
  if (!(failure instanceof V3Error)) return errorInterno(failure, textos);
  const t = textos.respuestas;
  const { Title, Detail, Errors } = failure.problem;
  if ([400, 403, 404, 409].includes(failure.status)) return respuestaProblema({ Title, Status: failure.status, Detail, Errors });
  if (failure.status === 0) return respuestaProblema({ Title: t.sinConexion, Status: 502, Detail: t.sinConexionDetalle });
  return respuestaProblema({ Title: t.errorDeLaApi, Status: 502, Detail: Detail ?? Title });
}

/** One Agencias mutation: admin only, from the Panel itself, with the workspace's client and the user's texts. */
export function manejarAgencia(
  request: Request,
  { conCuerpo }: { conCuerpo: boolean },
  accion: (ctx: { client: V3Client; textos: TextosServidor }) => Promise<Response>,
): Promise<Response> {
  return manejarMutacion(
    request,
    { roles: ["admin"], conCuerpo },
    async ({ user, textos }) => accion({ client: await v3ClientFor(user.workspace.id), textos }),
    respuestaDeV3,
  );
}

/** A dynamic segment as Next hands it over (decoded or not): the e-mail itself. */
export function parametroMail(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
