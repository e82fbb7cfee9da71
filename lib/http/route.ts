import "server-only";
import type { z } from "zod";
import { ENTRY_TYPES, LINES_TYPE, REF_TYPE } from "@/lib/api/media-types";
import type { Method, Operation, Success, SuccessBody } from "@/lib/api/operation";
import { Problem } from "@/lib/api/problem";
import { expiringCache } from "@/lib/expiring-cache";
import { logger } from "@/lib/log";
import type { AuthenticatedApp } from "@/lib/service/apps/find-app";
import { serviceReady } from "@/lib/service/ready";
import { textStream } from "@/lib/streams";
import { authenticate } from "./auth";
import { matchesIfNoneMatch } from "./etag";
import { negotiate, preferredType, type Representation } from "./negotiate";
import { clientOf, consume, rateLimitHeaders } from "./rate-limit";
import { type Reply, serialise } from "./reply";
import { errorResponse, instanceOf, logRequest, parseJsonBody, readBody, requestIdOf, validate } from "./request";
import { streamed, withBytes } from "./response-bytes";

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

/** Binds a handler to its operation; what it answers is typed by the operation's success schema. */
export function handle<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, S extends Success>(
  operation: Operation<P, Q, B, S>,
  run: (context: HandlerContext<P, Q, B>) => Promise<Reply<SuccessBody<S>>>,
): Bound {
  return { operation, run } as unknown as Bound;
}

const NO_BODY: Representation = { mediaType: "application/json", form: "entry" };

const ANONYMOUS: AuthenticatedApp = { id: "", name: "", appKey: "", topics: [], secrets: [] };

function searchParamsObject(url: URL): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) query[name] ??= value;
  return query;
}

/** The media types an operation's success is offered in, in the server's order of preference. */
function offeredTypes(operation: Operation): string[] {
  if (operation.success.lines) return [LINES_TYPE];
  return operation.success.ref ? [...ENTRY_TYPES, REF_TYPE] : [...ENTRY_TYPES];
}

function representationOf(operation: Operation, accept: string | null): Representation | undefined {
  if (!operation.success.entry) return NO_BODY;
  if (!operation.success.lines) return negotiate(accept, operation.success.ref !== undefined);
  const mediaType = preferredType(accept, [LINES_TYPE]);
  return mediaType ? { mediaType, form: "entry" } : undefined;
}

/** Each batch of a `lines` reply as its entries' JSON, one per line. */
async function* linesOf(lines: AsyncIterable<readonly unknown[]>): AsyncGenerator<string> {
  for await (const batch of lines) yield batch.map((entry) => `${JSON.stringify(entry)}\n`).join("");
}

/** A `lines` reply's body: a failure part of the way is logged and cuts the connection (textStream). */
function linesBody(lines: AsyncIterable<readonly unknown[]>, requestId: string, instance: string): ReadableStream<Uint8Array> {
  return textStream(linesOf(lines), (error) => {
    const level = error instanceof Problem ? "warn" : "error";
    logger()[level]({ err: error, requestId, instance }, "a streamed answer broke part of the way");
  });
}

/**
 * A handler of reference data, which changes only with a deployment (the catalogues, decisions
 * 0086): each 200 answer is kept in memory, serialised and tagged once, under its representation's
 * form and its path with query (at most 5,000, for a day). Authentication, rate limits and
 * validation still run for every request; errors are never kept.
 */
export function referenceData(bound: Bound): Bound {
  const answers = expiringCache<Reply>(86_400_000, 5_000);
  return {
    operation: bound.operation,
    run: async (context) => {
      const key = `${context.form} ${context.self}`;
      const known = answers.get(key);
      if (known) return known;
      const reply = await bound.run(context);
      if (reply.status !== 200 || reply.body === undefined || reply.lines) return reply;
      const answer = { ...reply, serialised: serialise(reply.body) };
      answers.set(key, answer);
      return answer;
    },
  };
}

function respond(
  reply: Reply,
  operation: Operation,
  representation: Representation,
  request: Request,
  { requestId, instance }: { requestId: string; instance: string },
): Response {
  const headers = new Headers({ "X-Request-Id": requestId, Vary: "Accept", ...reply.headers });
  if (reply.lines) {
    headers.set("Content-Type", `${representation.mediaType}; charset=utf-8`);
    const body = request.method === "HEAD" ? null : linesBody(reply.lines, requestId, instance);
    return streamed(new Response(body, { status: reply.status, headers }));
  }
  if (reply.body === undefined) return new Response(null, { status: reply.status, headers });
  const { bytes, etag } = reply.serialised ?? serialise(reply.body);
  headers.set("Content-Type", `${representation.mediaType}; charset=utf-8`);
  if (request.method === "GET" || request.method === "HEAD") {
    headers.set("ETag", etag);
    if (operation.cacheControl) headers.set("Cache-Control", operation.cacheControl);
    if (reply.status === 200 && matchesIfNoneMatch(request.headers.get("if-none-match"), etag)) {
      headers.delete("Content-Type");
      return new Response(null, { status: 304, headers });
    }
  }
  if (request.method === "HEAD") return new Response(null, { status: reply.status, headers });
  return withBytes(request, bytes, { status: reply.status, headers });
}

async function execute(bound: Bound, request: Request, context: NextContext, requestId: string, instance: string): Promise<Response> {
  const { operation } = bound;
  await serviceReady();
  const url = new URL(request.url);
  const limits = [consume("ip", clientOf(request))];
  const bytes = await readBody(request);
  const app = operation.public
    ? ANONYMOUS
    : await authenticate({ method: request.method, pathAndQuery: instance, headers: request.headers, body: bytes });
  if (!operation.public) limits.push(consume("app", app.id));
  // A success without a body (202/204, OPTIONS) has no representation to refuse: Accept does not
  // matter there (decisions 0033).
  const representation = representationOf(operation, request.headers.get("accept"));
  if (!representation) {
    const offered = offeredTypes(operation);
    const listed = offered.length > 1 ? `${offered.slice(0, -1).join(", ")} o ${offered.at(-1)}` : offered[0];
    throw new Problem(406, `Ninguna representación aceptable: este recurso se ofrece como ${listed}.`);
  }
  const params = validate(operation.params, await context.params);
  const query = validate(operation.query, searchParamsObject(url));
  const body = validate(operation.body, operation.body ? parseJsonBody(request, bytes) : undefined);
  const reply = await bound.run({ app, params, query, body, form: representation.form, self: instance, requestId, request });
  const response = respond(reply, operation, representation, request, { requestId, instance });
  for (const [name, value] of Object.entries(rateLimitHeaders(limits.filter((limit) => limit !== undefined))))
    response.headers.set(name, value);
  return response;
}

function wrap(bound: Bound): NextHandler {
  return async (request, context) => {
    const started = performance.now();
    const requestId = requestIdOf(request);
    const instance = instanceOf(request);
    let response: Response;
    try {
      response = await execute(bound, request, context, requestId, instance);
    } catch (error) {
      response = errorResponse(error, instance, requestId);
    }
    logRequest(request, requestId, response.status, started);
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
 * authenticated OPTIONS answering 204 with Allow, its path's parameters checked as the methods check them.
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
        query: undefined,
        success: { status: 204, description: "Allow" },
      },
      run: async () => ({ status: 204, headers: { Allow: allowHeader(methods) } }),
    });
  }
  return handlers;
}

export { allowHeader };
