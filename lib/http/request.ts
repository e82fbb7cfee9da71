import "server-only";
import type { z } from "zod";
import { MAX_BODY_BYTES } from "@/lib/api/limites";
import { NotFound, Problem, validationProblem } from "@/lib/api/problem";
import { statementCancelled } from "@/lib/db/errors";
import { newId } from "@/lib/ids";
import { logger } from "@/lib/log";
import { rawTarget } from "@/lib/raw-target";
import { isJsonContentType } from "./negotiate";
import { PROBLEM_CONTENT_TYPE, problemBody } from "./problem";
import { fieldErrors } from "./validation";

/**
 * The pieces every route wrapper shares (the v3 kernel in route.ts and the marketplace ingestion
 * in marketplace.ts): request ids, body reading and JSON parsing, zod validation and the problem
 * responses.
 */

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The caller's X-Request-Id when it is well formed, else a new ULID. */
export function requestIdOf(request: Request): string {
  const incoming = request.headers.get("x-request-id");
  return incoming && REQUEST_ID.test(incoming) ? incoming : newId();
}

/** Path and query exactly as sent: the `Instance` of problem details and the base of `self` links. */
export function instanceOf(request: Request): string {
  const url = new URL(request.url);
  return rawTarget(request.headers) ?? url.pathname + url.search;
}

export function problemResponse(problem: Problem, instance: string, requestId: string): Response {
  return new Response(JSON.stringify(problemBody(problem, instance)), {
    status: problem.status,
    headers: { "Content-Type": PROBLEM_CONTENT_TYPE, "X-Request-Id": requestId, ...problem.headers },
  });
}

export async function readBody(request: Request): Promise<Uint8Array> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > MAX_BODY_BYTES) throw new Problem(413, "El cuerpo supera el máximo de 1 MiB.");
  if (!request.body) return new Uint8Array();
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.length > MAX_BODY_BYTES) throw new Problem(413, "El cuerpo supera el máximo de 1 MiB.");
  return bytes;
}

/** The JSON body: 415 for another media type, 400 under `Errors._` when empty or malformed. */
export function parseJsonBody(request: Request, bytes: Uint8Array): unknown {
  if (!isJsonContentType(request.headers.get("content-type"))) {
    throw new Problem(415, "El cuerpo debe enviarse como application/json o text/json.");
  }
  const text = new TextDecoder("utf-8").decode(bytes);
  if (text.trim() === "") throw validationProblem({ _: ["Se esperaba un cuerpo JSON."] });
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw validationProblem({ _: [`El cuerpo no es JSON válido: ${(error as Error).message}`] });
  }
  return value;
}

/** The parsed value, or a 400 ValidationProblemDetails keyed as the client named the fields. */
export function validate(schema: z.ZodType | undefined, value: unknown, root?: string): unknown {
  if (!schema) return value;
  const result = schema.safeParse(value);
  if (!result.success) throw validationProblem(fieldErrors(result.error, root));
  return result.data;
}

/** What a request whose statement ran past DATABASE_STATEMENT_TIMEOUT_MS is told (decisions 0055). */
const TOO_LONG =
  "La solicitud tardó demasiado en la base de datos y se canceló. Acotala (en una búsqueda: palabras más largas o menos palabras, un período más corto) y volvé a intentar.";

/**
 * Any error thrown below a handler as a response: 404 without body, problem details (a 503 for a
 * statement the database cancelled), or a 500 with the request id.
 */
export function errorResponse(error: unknown, instance: string, requestId: string): Response {
  if (error instanceof NotFound) {
    return new Response(null, { status: 404, headers: { "X-Request-Id": requestId, Vary: "Accept" } });
  }
  if (error instanceof Problem) return problemResponse(error, instance, requestId);
  if (statementCancelled(error)) {
    logger().warn({ requestId, instance }, "statement cancelled: it ran past DATABASE_STATEMENT_TIMEOUT_MS");
    return problemResponse(new Problem(503, TOO_LONG), instance, requestId);
  }
  logger().error({ err: error, requestId, instance }, "unhandled error");
  return problemResponse(
    new Problem(500, `Error interno. Informá el identificador ${requestId} a soporte.`, undefined, {}, { requestId }),
    instance,
    requestId,
  );
}

/** The access log line of one request. */
export function logRequest(request: Request, requestId: string, status: number, started: number): void {
  logger().info(
    { requestId, method: request.method, path: new URL(request.url).pathname, status, ms: Math.round(performance.now() - started) },
    "request",
  );
}
