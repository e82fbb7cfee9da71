import type { components } from "./openapi.ts";

export type ProblemDetails = components["schemas"]["ProblemDetails"];
export type ValidationProblemDetails = components["schemas"]["ValidationProblemDetails"];

/**
 * A request the API refused: `status`, and the problem it answered (ProblemDetails; with `Errors`
 * by field for a 400 or a 409), or the one the client made when the answer brought none (a 404 has
 * no body). Only a 304 (Not Modified) has no problem: it is the answer to If-None-Match, no failure.
 */
export class VitrinaError extends Error {
  readonly status: number;
  readonly problem: ProblemDetails | ValidationProblemDetails | undefined;

  constructor(status: number, problem: ProblemDetails | ValidationProblemDetails | undefined) {
    super(problem ? `${status} ${problem.Title}: ${problem.Detail}` : `${status}: la respuesta no trae datos`);
    this.name = "VitrinaError";
    this.status = status;
    this.problem = problem;
  }

  /** The messages by field of a 400 or 409 (`_` for the request as a whole); empty otherwise. */
  get errors(): Record<string, string[]> {
    return this.problem && "Errors" in this.problem ? this.problem.Errors : {};
  }
}

/** The data of an openapi-fetch result, or a VitrinaError with its problem. */
export async function orThrow<R extends { data?: unknown; error?: unknown; response: Response }>(
  pending: Promise<R>,
): Promise<Exclude<R["data"], undefined>> {
  const result = await pending;
  if (!result.response.ok) throw new VitrinaError(result.response.status, result.error as ProblemDetails | undefined);
  return result.data as Exclude<R["data"], undefined>;
}

/** A problem is told by its `Title`: every problem of the service has one (the Panel reads them so too). */
function isProblem(body: unknown): boolean {
  return typeof (body as Partial<ProblemDetails> | null)?.Title === "string";
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The problem of an answer that brought none, in the service's shape and language. */
function problemOfStatus(request: Request, response: Response): ProblemDetails {
  const { pathname, search } = new URL(request.url);
  const { status, statusText } = response;
  return {
    Type: `https://httpstatuses.com/${status}`,
    Title: status === 404 ? "No encontrado" : `Error ${status}`,
    Status: status,
    Detail:
      status === 404
        ? "El recurso no existe para la app."
        : `La API respondió ${[status, statusText].join(" ").trim()} sin un problema en el cuerpo.`,
    Instance: pathname + search,
    Extensions: {},
  };
}

/**
 * openapi-fetch's onResponse: an answer that is not 2xx keeps the problem it brought, and one that
 * brought none (the service's 404 has no body; a proxy's 502 page is HTML) gets one made from its
 * status, so `error` is set for every failure. A 304 (the answer to If-None-Match) is no failure and
 * may carry no body: neither `data` nor `error`.
 */
export async function withProblem(request: Request, response: Response): Promise<Response | undefined> {
  if (response.ok) return undefined;
  const headers = new Headers(response.headers);
  const init = { status: response.status, statusText: response.statusText, headers };
  if (response.status === 304) {
    headers.set("Content-Length", "0"); // what openapi-fetch reads as no body (else a 304's error is "")
    return new Response(null, init);
  }
  const text = await response.text();
  // The body is read (and decoded) here: its length and encoding are no longer the ones sent.
  headers.delete("Content-Length");
  headers.delete("Content-Encoding");
  const sent = isProblem(parsed(text));
  if (!sent) headers.set("Content-Type", "application/problem+json; charset=utf-8");
  return new Response(sent ? text : JSON.stringify(problemOfStatus(request, response)), init);
}
