import "server-only";
import { NextResponse } from "next/server";
import { vieneDelPanel } from "@/lib/panel/mismo-sitio";
import { V3Error } from "@/lib/panel/v3-client";

/**
 * Shared plumbing of the Agencias route handlers (the mutations). Each handler calls
 * requireUser({ roles: ["admin"] }) itself before anything else; these helpers only deal with the
 * request and the answer.
 */

export type RespuestaError = { Title: string; Detail?: string; Errors?: Record<string, string[]> };

export const error = (status: number, body: RespuestaError) => NextResponse.json(body, { status });

/** Refuses requests that do not come from the Panel (lib/panel/mismo-sitio.ts), and bodies that are not JSON. */
export function rechazarSiNoEsMismoSitio(request: Request, { conCuerpo = true } = {}): NextResponse | null {
  if (!vieneDelPanel(request)) return error(403, { Title: "Operación prohibida", Detail: "La solicitud no viene del panel." });
  const type = request.headers.get("content-type") ?? "";
  if (conCuerpo && !/^application\/json\b/i.test(type)) {
    return error(415, { Title: "Tipo de contenido no soportado", Detail: "Se espera application/json." });
  }
  return null;
}

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

/** A failed v3 call as the panel's client code reads it: the API's field errors pass through. */
export function respuestaDeV3(failure: unknown): NextResponse {
  if (failure instanceof V3Error) {
    const { Title, Detail, Errors } = failure.problem;
    if ([400, 403, 404, 409].includes(failure.status)) return error(failure.status, { Title, Detail, Errors });
    if (failure.status === 0) return error(502, { Title: "No pudimos conectarnos con la API", Detail: "Probá de nuevo en unos minutos." });
    return error(502, { Title: "La API respondió con un error", Detail: Detail ?? Title });
  }
  throw failure;
}

/** A dynamic segment as Next hands it over (decoded or not): the e-mail itself. */
export function parametroMail(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
