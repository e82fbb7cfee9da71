import { existsSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { register } from "node:module";
import path from "node:path";
import next from "next";
import { routeTemplates } from "@/lib/boot/route-templates";
import { drain, onStopSignal } from "@/lib/boot/shutdown";
import { clientAddressOf, isDirectLoopback } from "@/lib/client-address";
import { ConfigError, parseConfig } from "@/lib/env";
import { loadDirectRoutes } from "@/lib/http/direct-routes";
import { HSTS } from "@/lib/http/security-headers";
import { rejectUndecodablePath } from "@/lib/http/undecodable-path";
import { logger, logStyle } from "@/lib/log";
import { metrics } from "@/lib/metrics";
import { demoAccounts } from "@/lib/panel/demo-accounts";
import { stampRequest } from "@/lib/raw-target";
import { DEMO_AGENCIAS } from "@/lib/service/demo/data";
import { buildWithProgress } from "./build-progress";

/**
 * npm start: checks the configuration, builds when no build exists, and serves the app with Next's
 * request handler behind our own HTTP server (which keeps each request's raw target for ACS-HMAC
 * and calls the API's route handlers directly: lib/http/direct-routes.ts).
 * The service boots (migrations, catalogue, admin socket) in instrumentation.ts before it serves.
 */

let settings: ReturnType<typeof parseConfig>;
try {
  settings = parseConfig(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}

const distDir = path.join(process.cwd(), process.env.NEXT_DIST_DIR || ".next");
if (!existsSync(path.join(distDir, "BUILD_ID"))) {
  const built = await buildWithProgress(path.join(process.cwd(), "node_modules/.bin/next"), ["build"]);
  if (!built) process.exit(1);
}

const app = next({ dev: false, dir: process.cwd(), port: settings.port });
const handle = app.getRequestHandler();
await app.prepare();
register("./server-only-hook.mjs", import.meta.url);
// After the hook: these modules reach `server-only` (the service's readiness).
const { opsEndpoints, processState } = await import("@/lib/boot/ops-endpoints");
const { startupState } = await import("@/lib/service/ready");
const { stopWeb } = await import("@/lib/boot/web");
let stopping = false;
/** When the last request (not a probe, not a scrape) came: draining waits for the traffic to stop. */
let lastTraffic = 0;
const ops = opsEndpoints(() => processState(startupState(), stopping));
const apiRoutes = await loadDirectRoutes(path.join(process.cwd(), "app"), (error) =>
  logger().error({ err: error }, "API route failed outside its handler"),
);

// Every request but the probes and the scrape counts, by route template, method and status (decisions 0049).
const routeOf = routeTemplates(distDir);
const { httpRequests, httpDuration } = metrics();
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

function observe(request: IncomingMessage, response: ServerResponse): void {
  const started = process.hrtime.bigint();
  response.once("close", () => {
    const route = routeOf((request.url ?? "/").split("?", 1)[0] as string);
    const method = METHODS.has(request.method ?? "") ? (request.method as string) : "other";
    // A client that went away before the answer ended is counted apart from the statuses.
    httpRequests.inc({ route, method, status: response.writableFinished ? String(response.statusCode) : "aborted" });
    httpDuration.observe({ route, method }, Number(process.hrtime.bigint() - started) / 1e9);
  });
}

// Behind https every answer (pages, the API, errors, static files) asks browsers to stay on https.
const https = settings.publicBaseUrl.startsWith("https://");
const KEEP_ALIVE_MS = 65_000;

const server = createServer((request, response) => {
  if (https) response.setHeader("Strict-Transport-Security", HSTS);
  // Draining: a keep-alive client opens its next request elsewhere.
  if (stopping) response.setHeader("Connection", "close");
  if (ops.serve(request, response)) return;
  lastTraffic = Date.now();
  observe(request, response);
  const rejection = rejectUndecodablePath(request.url ?? "/");
  if (rejection) {
    response.writeHead(rejection.status, rejection.headers).end(request.method === "HEAD" ? undefined : rejection.body);
    return;
  }
  const peer = request.socket.remoteAddress;
  const client = clientAddressOf(peer, request.headers["x-forwarded-for"], settings.trustedProxies);
  stampRequest(request.headers, request.url ?? "/", client ?? "", isDirectLoopback(peer, request.headers));
  if (!apiRoutes.serve(request, response)) handle(request, response);
});
// Idle keep-alive connections stay open longer than a load balancer's or an HTTP client's own idle
// limit (60 s and 4 s are common), so it is never the server that closes a connection a client is
// about to reuse: that client's request would be reset, a POST too (decisions 0052).
server.keepAliveTimeout = KEEP_ALIVE_MS;
server.headersTimeout = KEEP_ALIVE_MS + 1000;
// SIGTERM: not ready at once; once the balancer has stopped sending, no new connections; the requests
// in flight finish, the workers (embedded) and pools close, exit 0 (decisions 0050).
onStopSignal(async () => {
  stopping = true;
  await drain(server, () => lastTraffic);
  await stopWeb();
});
async function waitUntilReady(url: string): Promise<void> {
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** An address to reach our own server at: a wildcard listen is reached on loopback. */
function ownAddress(host: string): string {
  if (host === "0.0.0.0" || host === "::") return "127.0.0.1";
  return host.includes(":") ? `[${host}]` : host;
}

// Loopback unless HOST opens it (decisions 0028): the embedded server holds the dev mailbox.
server.listen(settings.port, settings.host, async () => {
  // The first request waits for the service to boot (migrations, catalogue); then it is ready.
  await waitUntilReady(`http://${ownAddress(settings.host)}:${settings.port}/v3/openapi.json`);
  const demo = settings.seedDemo
    ? `\nCuentas de demostración (contraseña entre paréntesis):\n${demoAccounts(DEMO_AGENCIAS[0].operadores[0].email)
        .map((account) => `  ${account.role.padEnd(8)} ${account.email} (${account.password})`)
        .join("\n")}\n`
    : "";
  const mode = settings.embedded ? `embebido (PGlite en ${settings.dataDir})` : "PostgreSQL (DATABASE_URL)";
  const mailbox = settings.devMailbox
    ? `\n  Buzón de desarrollo: ${settings.publicBaseUrl}/dev/mailbox (los e-mails, sin SMTP_URL; también npm run -s admin -- mail list)`
    : "";
  const log =
    logStyle(process.env, process.stdout.isTTY === true).format === "text"
      ? "\nRegistro: solo avisos y errores, en líneas cortas (LOG_LEVEL=info suma una línea por solicitud; LOG_FORMAT=json, JSON)"
      : "";
  // The v3 command finds the server from PORT/PUBLIC_BASE_URL; another terminal may not have them.
  const base = settings.publicBaseUrl === "http://localhost:3000" ? "" : ` --base ${settings.publicBaseUrl}`;
  console.log(`
Vitrina está en marcha · modo ${mode}
  Escucha en:         ${settings.host}:${settings.port}${settings.host === "127.0.0.1" ? " (solo este equipo; HOST=0.0.0.0 la abre a la red)" : ""}
  Panel:              ${settings.publicBaseUrl}/ingresar
  Inicio:             ${settings.publicBaseUrl}/
  API v3:             ${settings.publicBaseUrl}/v3
  Referencia de API:  ${settings.publicBaseUrl}/docs/api
  OpenAPI 3.1:        ${settings.publicBaseUrl}/v3/openapi.json${mailbox}

Creá una app:         npm run -s admin -- app create --name "Mi CRM" --json > app.json
Probá una solicitud:  npm run -s v3 -- GET /v3 --credentials app.json${base}${log}
${demo}`);
});
