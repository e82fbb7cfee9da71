import "server-only";
import { NextResponse } from "next/server";
import { V3Error } from "@/lib/panel/v3-client";

/**
 * Shared plumbing of the Agencias route handlers (the mutations). Each handler calls
 * requireUser({ roles: ["admin"] }) itself before anything else, then the Panel's guard and body
 * helpers (lib/panel/manejar.ts); these deal with the agency's answers.
 */

export type RespuestaError = { Title: string; Detail?: string; Errors?: Record<string, string[]> };

export const error = (status: number, body: RespuestaError) => NextResponse.json(body, { status });

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
