import type { IncomingMessage, ServerResponse } from "node:http";
import { isDirectLoopback } from "@/lib/client-address";
import { checkBearerToken } from "@/lib/crypto/bearer";
import { type DatabaseProblem, databaseProblem } from "@/lib/db/health";
import { config } from "@/lib/env";
import { API_CSP, STATIC_HEADERS } from "@/lib/http/security-headers";
import { metrics } from "@/lib/metrics";
import type { StartupState } from "@/lib/service/ready";
import { registerQueueGauges } from "./queue-gauges";

/**
 * The operator's endpoints of a process (docs/decisions/0048): GET /healthz (alive: answers while the
 * event loop runs) and GET /readyz (ready: started, not stopping, the database answering with every
 * migration applied; 503 with the reason otherwise). Answered by the process's own HTTP server
 * before anything else (no Next, no kernel, no log line), outside /v3 and unauthenticated: a load
 * balancer or an orchestrator probes them every few seconds.
 *
 * GET /metrics (decisions 0049): the process's registry in Prometheus's text format, for a Bearer
 * METRICS_TOKEN, or without one configured for a direct loopback client only.
 */

/** A readiness probe waits this long for the database before answering 503. */
const DATABASE_TIMEOUT_MS = 2_000;

export type NotReady = { reason: "starting" | "start-failed" | "stopping" | DatabaseProblem["reason"]; detail: string };

/** What the process knows of itself without the database; undefined when it may serve. */
export type ProcessState = () => NotReady | undefined;

/** A process that has not finished starting, could not start, or is stopping is not ready. */
export function processState(startup: StartupState, stopping: boolean): NotReady | undefined {
  if (stopping) return { reason: "stopping", detail: "El proceso se está deteniendo." };
  if (startup === "starting") return { reason: "starting", detail: "El proceso está arrancando." };
  if (startup === "failed") return { reason: "start-failed", detail: "El proceso no pudo arrancar." };
  return undefined;
}

const HEADERS: Record<string, string> = {
  ...Object.fromEntries(STATIC_HEADERS.map(({ key, value }) => [key, value])),
  "Content-Security-Policy": API_CSP,
  "Cache-Control": "no-store",
  "Content-Type": "application/json; charset=utf-8",
};

function send(request: IncomingMessage, response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const bytes = Buffer.from(JSON.stringify(body));
  response.writeHead(status, { ...HEADERS, ...headers, "Content-Length": String(bytes.length) });
  response.end(request.method === "HEAD" ? undefined : bytes);
}

async function readiness(state: ProcessState): Promise<NotReady | undefined> {
  return state() ?? (await databaseProblem(DATABASE_TIMEOUT_MS));
}

type Endpoint = (request: IncomingMessage, response: ServerResponse) => Promise<void>;

/** Who may scrape: the token's holder, or without a token a client on this machine not behind a proxy. */
function scrapeRefusal(request: IncomingMessage): { status: number; body: unknown; headers?: Record<string, string> } | undefined {
  const token = config().metricsToken;
  if (token) {
    if (checkBearerToken(request.headers.authorization, token) === "ok") return undefined;
    return {
      status: 401,
      body: { status: "unauthorized", detail: "Se necesita Authorization: Bearer con METRICS_TOKEN." },
      headers: { "WWW-Authenticate": "Bearer" },
    };
  }
  if (isDirectLoopback(request.socket.remoteAddress, request.headers)) return undefined;
  return { status: 403, body: { status: "forbidden", detail: "Sin METRICS_TOKEN, /metrics responde solo a este equipo." } };
}

async function scrape(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const refusal = scrapeRefusal(request);
  if (refusal) return send(request, response, refusal.status, refusal.body, refusal.headers);
  const { registry } = metrics();
  const text = Buffer.from(await registry.metrics());
  response.writeHead(200, { ...HEADERS, "Content-Type": registry.contentType, "Content-Length": String(text.length) });
  response.end(request.method === "HEAD" ? undefined : text);
}

export function opsEndpoints(state: ProcessState) {
  registerQueueGauges();
  const endpoints: Record<string, Endpoint> = {
    "/healthz": async (request, response) => send(request, response, 200, { status: "alive" }),
    "/readyz": async (request, response) => {
      const notReady = await readiness(state);
      if (notReady) send(request, response, 503, { status: "unavailable", ...notReady });
      else send(request, response, 200, { status: "ready" });
    },
    "/metrics": scrape,
  };
  return {
    /** Answers the request when it is one of the endpoints; false to leave it to the rest of the server. */
    serve(request: IncomingMessage, response: ServerResponse): boolean {
      const endpoint = endpoints[(request.url ?? "").split("?", 1)[0] as string];
      if (!endpoint) return false;
      if (request.method !== "GET" && request.method !== "HEAD") {
        send(request, response, 405, { status: "method-not-allowed" }, { Allow: "GET, HEAD" });
        return true;
      }
      endpoint(request, response).catch(() => {
        if (!response.headersSent) send(request, response, 503, { status: "unavailable", reason: "error" });
        else response.end();
      });
      return true;
    },
  };
}
