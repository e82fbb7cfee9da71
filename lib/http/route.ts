import "server-only";
import { ulid } from "ulid";
import type { z } from "zod";
import { logger } from "@/lib/log";
import type { AuthenticatedApp } from "@/lib/service/apps/find-app";
import { startService } from "@/lib/service/runtime";
import { authenticate } from "./auth";
import { matchesIfNoneMatch, strongEtag } from "./etag";
import { isJsonContentType, negotiate, type Representation } from "./negotiate";
import type { Method, Operation } from "./operation";
import { NotFound, PROBLEM_CONTENT_TYPE, Problem, problemBody, validationProblem } from "./problem";
import { rawTarget } from "./raw-target";
import type { Reply } from "./reply";
import { fieldErrors } from "./validation";

export type HandlerContext<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> = {
  app: AuthenticatedApp;
  params: z.output<P>;
  query: z.output<Q>;
  body: z.output<B>;
  form: Representation["form"];
  /** Path and query of this request, for `self` links that keep the caller's filters. */
  self: string;
  requestId: string;
  request: Request;
};

type NextContext = { params: Promise<Record<string, string | string[] | undefined>> };
type NextHandler = (request: Request, context: NextContext) => Promise<Response>;

type Bound = { operation: Operation; run: (context: HandlerContext<z.ZodType, z.ZodType, z.ZodType>) => Promise<Reply> };

const MAX_BODY_BYTES = 1024 * 1024;
const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

export function handle<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType>(
  operation: Operation<P, Q, B>,
  run: (context: HandlerContext<P, Q, B>) => Promise<Reply>,
): Bound {
  return { operation, run } as unknown as Bound;
}

const ANONYMOUS: AuthenticatedApp = { id: "", name: "", appKey: "", topics: [], secrets: [] };

function problemResponse(problem: Problem, instance: string, requestId: string): Response {
  return new Response(JSON.stringify(problemBody(problem, instance)), {
    status: problem.status,
    headers: { "Content-Type": PROBLEM_CONTENT_TYPE, "X-Request-Id": requestId, ...problem.headers },
  });
}

async function readBody(request: Request): Promise<Uint8Array> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > MAX_BODY_BYTES) throw new Problem(413, "El cuerpo supera el máximo de 1 MiB.");
  if (!request.body) return new Uint8Array();
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.length > MAX_BODY_BYTES) throw new Problem(413, "El cuerpo supera el máximo de 1 MiB.");
  return bytes;
}

function parseJsonBody(operation: Operation, request: Request, bytes: Uint8Array): unknown {
  if (!operation.body) return undefined;
  if (!isJsonContentType(request.headers.get("content-type"))) {
    throw new Problem(415, "El cuerpo debe enviarse como application/json o text/json.");
  }
  const text = new TextDecoder("utf-8").decode(bytes);
  if (text.trim() === "") throw validationProblem({ _: ["Se esperaba un cuerpo JSON."] });
  try {
    return JSON.parse(text);
  } catch (error) {
    throw validationProblem({ _: [`El cuerpo no es JSON válido: ${(error as Error).message}`] });
  }
}

function validate(schema: z.ZodType | undefined, value: unknown, root?: string): unknown {
  if (!schema) return value;
  const result = schema.safeParse(value);
  if (!result.success) throw validationProblem(fieldErrors(result.error, root));
  return result.data;
}

function searchParamsObject(url: URL): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) query[name] ??= value;
  return query;
}

function respond(reply: Reply, operation: Operation, representation: Representation, request: Request, requestId: string): Response {
  const headers = new Headers({ "X-Request-Id": requestId, Vary: "Accept", ...reply.headers });
  if (reply.body === undefined) return new Response(null, { status: reply.status, headers });
  const json = JSON.stringify(reply.body);
  headers.set("Content-Type", `${representation.mediaType}; charset=utf-8`);
  if (request.method === "GET" || request.method === "HEAD") {
    const etag = strongEtag(json);
    headers.set("ETag", etag);
    if (operation.cacheControl) headers.set("Cache-Control", operation.cacheControl);
    if (reply.status === 200 && matchesIfNoneMatch(request.headers.get("if-none-match"), etag)) {
      headers.delete("Content-Type");
      return new Response(null, { status: 304, headers });
    }
  }
  return new Response(request.method === "HEAD" ? null : json, { status: reply.status, headers });
}

async function execute(bound: Bound, request: Request, context: NextContext, requestId: string, instance: string): Promise<Response> {
  const { operation } = bound;
  await startService();
  const url = new URL(request.url);
  const bytes = await readBody(request);
  const app = operation.public
    ? ANONYMOUS
    : await authenticate({ method: request.method, pathAndQuery: instance, headers: request.headers, body: bytes });
  const representation = negotiate(request.headers.get("accept"), operation.success.ref !== undefined);
  if (!representation) {
    const offered = operation.success.ref
      ? "application/json, text/json, application/vnd.service.entry+json o application/vnd.service.ref+json"
      : "application/json, text/json o application/vnd.service.entry+json";
    throw new Problem(406, `Ninguna representación aceptable: este recurso se ofrece como ${offered}.`);
  }
  const params = validate(operation.params, await context.params);
  const query = validate(operation.query, searchParamsObject(url));
  const body = validate(operation.body, parseJsonBody(operation, request, bytes));
  const reply = await bound.run({ app, params, query, body, form: representation.form, self: instance, requestId, request });
  return respond(reply, operation, representation, request, requestId);
}

function toResponse(error: unknown, instance: string, requestId: string): Response {
  if (error instanceof NotFound) {
    return new Response(null, { status: 404, headers: { "X-Request-Id": requestId, Vary: "Accept" } });
  }
  if (error instanceof Problem) return problemResponse(error, instance, requestId);
  logger().error({ err: error, requestId, instance }, "unhandled error");
  return problemResponse(
    new Problem(500, `Error interno. Informá el identificador ${requestId} a soporte.`, undefined, {}, { requestId }),
    instance,
    requestId,
  );
}

function wrap(bound: Bound): NextHandler {
  return async (request, context) => {
    const started = performance.now();
    const incomingId = request.headers.get("x-request-id");
    const requestId = incomingId && REQUEST_ID.test(incomingId) ? incomingId : ulid();
    const url = new URL(request.url);
    const instance = rawTarget(request.headers) ?? url.pathname + url.search;
    let response: Response;
    try {
      response = await execute(bound, request, context, requestId, instance);
    } catch (error) {
      response = toResponse(error, instance, requestId);
    }
    logger().info(
      { requestId, method: request.method, path: url.pathname, status: response.status, ms: Math.round(performance.now() - started) },
      "request",
    );
    return response;
  };
}

function allowHeader(methods: string[]): string {
  const all = new Set(methods);
  if (all.has("GET")) all.add("HEAD");
  all.add("OPTIONS");
  return [...all].join(", ");
}

type RouteHandlers = Partial<Record<Method | "HEAD" | "OPTIONS", NextHandler>>;

/**
 * The exports of one route file: each method's handler plus HEAD (as GET without a body) and an
 * authenticated OPTIONS answering 204 with Allow.
 */
export function route(bindings: Partial<Record<Method, Bound>> & { OPTIONS?: Bound }): RouteHandlers {
  const handlers: RouteHandlers = {};
  for (const [method, bound] of Object.entries(bindings) as [Method | "OPTIONS", Bound][]) {
    handlers[method] = wrap(bound);
  }
  if (bindings.GET) handlers.HEAD = handlers.GET;
  if (!bindings.OPTIONS) {
    const methods = Object.keys(bindings);
    const sample = Object.values(bindings)[0] as Bound;
    handlers.OPTIONS = wrap({
      operation: {
        ...sample.operation,
        method: "GET",
        body: undefined,
        params: undefined,
        query: undefined,
        success: { status: 204, description: "Allow" },
      },
      run: async () => ({ status: 204, headers: { Allow: allowHeader(methods) } }),
    });
  }
  return handlers;
}

export { allowHeader };
