import { readdirSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { createGzip, gzip } from "node:zlib";
import { MAX_BODY_BYTES } from "@/lib/api/limites";
import { bytesOf, isStreamed, madeByOurServer } from "./response-bytes";
import { API_CSP, STATIC_HEADERS } from "./security-headers";

/**
 * The API's route handlers (app/v3, app/marketplace) called by our HTTP server directly, without
 * Next's router in between. They are the same files Next builds; they take a Request and return a
 * Response, and the kernel (route.ts) does all the work. Next's routing and its translation between
 * Node and Web requests cost about 1 ms a request, more than a signed detail request needs in all
 * (docs/performance.md, docs/decisions/0013-api-direct-routes.md).
 *
 * Only requests whose answer is certainly a route's are taken here; everything else (a method the
 * route does not export, a trailing slash, dot segments, catch-all paths, a GET with a body) goes
 * on to Next, so those keep Next's own answers (405, 308, the catch-all's 404).
 */

const API_ROOTS = ["v3", "marketplace"];
const METHODS_WITHOUT_BODY = new Set(["GET", "HEAD"]);
const COMPRESS_FROM_BYTES = 1024;
const gzipAsync = promisify(gzip);

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
type Segment = { name: string; param: boolean };
type DirectRoute = { segments: Segment[]; handlers: Partial<Record<string, Handler>> };

const FIXED_HEADERS: Record<string, string> = {
  ...Object.fromEntries(STATIC_HEADERS.map(({ key, value }) => [key, value])),
  "Content-Security-Policy": API_CSP,
};

function routeFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

/** `app/v3/consultas/[adminMail]/route.ts` → v3 · consultas · {adminMail}; undefined for catch-alls. */
function segmentsOf(appDir: string, file: string): Segment[] | undefined {
  const parts = path.relative(appDir, path.dirname(file)).split(path.sep);
  if (parts.some((part) => part.startsWith("[..."))) return undefined;
  return parts
    .filter((part) => !/^\(.*\)$/.test(part))
    .map((part) => (part.startsWith("[") ? { name: part.slice(1, -1), param: true } : { name: part, param: false }));
}

/** Static segments win over parameters at the same place, as in Next (`marcas/bestmatch` over `marcas/[id]`). */
function bySpecificity(a: DirectRoute, b: DirectRoute): number {
  for (let index = 0; index < Math.min(a.segments.length, b.segments.length); index++) {
    const difference = Number(a.segments[index]?.param) - Number(b.segments[index]?.param);
    if (difference !== 0) return difference;
  }
  return 0;
}

function match(route: DirectRoute, parts: string[]): Record<string, string> | undefined {
  if (route.segments.length !== parts.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, segment] of route.segments.entries()) {
    const part = parts[index] as string;
    if (!segment.param) {
      if (part !== segment.name) return undefined;
    } else if (part === "") return undefined;
    else params[segment.name] = decodeURIComponent(part);
  }
  return params;
}

function headersOf(request: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  return headers;
}

const acceptsGzip = (request: IncomingMessage) => /\bgzip\b/i.test(request.headers["accept-encoding"] ?? "");

/** The headers that vary with Accept-Encoding (a body that may be compressed) say so. */
const varyOnEncoding = (headers: Record<string, string>) => {
  headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : "Accept-Encoding";
};

/**
 * A streamed answer (a list's lines, decisions 0060), written as it is made, gzipped when the client
 * accepts it. When its body fails part of the way (the kernel has logged why) or the client leaves,
 * the response is destroyed, not ended: the connection closes without the chunked body's last chunk,
 * which every HTTP client reports as a broken transfer.
 */
async function sendStream(request: IncomingMessage, response: ServerResponse, answer: Response, headers: Record<string, string>) {
  varyOnEncoding(headers);
  const gzipped = acceptsGzip(request);
  if (gzipped) headers["content-encoding"] = "gzip";
  response.writeHead(answer.status, headers);
  const body = Readable.fromWeb(answer.body as NodeReadableStream<Uint8Array>);
  await pipeline(gzipped ? [body, createGzip(), response] : [body, response]).catch(() => response.destroy());
}

async function send(request: IncomingMessage, response: ServerResponse, answer: Response): Promise<void> {
  const headers: Record<string, string> = { ...FIXED_HEADERS };
  answer.headers.forEach((value, name) => {
    headers[name] = value;
  });
  if (isStreamed(answer) && answer.body) return sendStream(request, response, answer, headers);
  let body = bytesOf(answer) ?? (answer.body ? Buffer.from(await answer.arrayBuffer()) : undefined);
  if (body && body.length >= COMPRESS_FROM_BYTES) {
    varyOnEncoding(headers);
    if (acceptsGzip(request)) {
      body = await gzipAsync(body);
      headers["content-encoding"] = "gzip";
    }
  }
  if (body) headers["content-length"] = String(body.length);
  response.writeHead(answer.status, headers);
  response.end(request.method === "HEAD" ? undefined : body);
}

export type DirectRoutes = {
  /** Answers the request when it is certainly one of the API's routes; false to leave it to Next. */
  serve(request: IncomingMessage, response: ServerResponse): boolean;
};

/** Loads every route module under the API's roots in `appDir` (the start script's own module graph). */
export async function loadDirectRoutes(appDir: string, onError: (error: unknown) => void): Promise<DirectRoutes> {
  const routes: DirectRoute[] = [];
  for (const root of API_ROOTS) {
    for (const file of routeFiles(path.join(appDir, root))) {
      const segments = segmentsOf(appDir, file);
      if (segments) routes.push({ segments, handlers: (await import(pathToFileURL(file).href)) as DirectRoute["handlers"] });
    }
  }
  routes.sort(bySpecificity);

  const find = (request: IncomingMessage) => {
    const target = request.url ?? "";
    const method = request.method ?? "";
    if (!target.startsWith("/")) return undefined;
    const pathname = target.split("?", 1)[0] as string;
    const parts = pathname.split("/").slice(1);
    if (!API_ROOTS.includes(parts[0] ?? "")) return undefined;
    // A path the URL parser would rewrite (dot segments, backslashes) is Next's to normalise.
    if (new URL(target, "http://localhost").pathname !== pathname) return undefined;
    const hasBody = Number(request.headers["content-length"] ?? 0) > 0 || request.headers["transfer-encoding"] !== undefined;
    if (METHODS_WITHOUT_BODY.has(method) && hasBody) return undefined;
    for (const route of routes) {
      const params = match(route, parts);
      if (!params) continue;
      const handler = route.handlers[method];
      return handler ? { handler, params } : undefined;
    }
    return undefined;
  };

  return {
    serve(request, response) {
      const found = find(request);
      if (!found) return false;
      answer(request, response, found.handler, found.params).catch((error: unknown) => {
        onError(error);
        if (!response.headersSent) response.writeHead(500, FIXED_HEADERS);
        response.end();
      });
      return true;
    },
  };
}

async function answer(request: IncomingMessage, response: ServerResponse, handler: Handler, params: Record<string, string>) {
  const method = request.method as string;
  const webRequest = madeByOurServer(
    new Request(new URL(request.url as string, "http://localhost"), {
      method,
      headers: headersOf(request),
      body: METHODS_WITHOUT_BODY.has(method) ? undefined : await bodyOf(request),
    }),
  );
  await send(request, response, await handler(webRequest, { params: Promise.resolve(params) }));
}

/**
 * The body, read whole before the handler runs: an answer sent while the client is still sending
 * would reset its connection. Past the limit only the first bytes are kept, enough for the handler's
 * 413; a body whose declared length is already past it is not read at all.
 */
async function bodyOf(request: IncomingMessage): Promise<Uint8Array<ArrayBuffer>> {
  if (Number(request.headers["content-length"] ?? 0) > MAX_BODY_BYTES) return new Uint8Array();
  const chunks: Buffer[] = [];
  let kept = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    if (kept > MAX_BODY_BYTES) continue;
    chunks.push(chunk);
    kept += chunk.length;
  }
  return new Uint8Array(Buffer.concat(chunks));
}
