import "server-only";
import { runOperation } from "@/lib/admin/operations";
import { startAdminSocket } from "@/lib/admin/socket-server";
import { adminSocketPath, closeDb, openWebDb, withoutStatementLimit } from "@/lib/db";
import { config } from "@/lib/env";
import { closeRateLimits } from "@/lib/http/rate-limit";
import { logger } from "@/lib/log";
import { loadCatalogo } from "@/lib/service/catalogo/load-catalogo";
import { DEFAULT_DEMO_CONSULTAS } from "@/lib/service/demo/data";
import { demoSeeded } from "@/lib/service/demo/seed-demo";
import { matchLegacyListings } from "@/lib/service/publicaciones/legacy";
import { settleReadiness } from "@/lib/service/ready";
import { startWorkers } from "./workers";

/** Kept on globalThis: instrumentation (Next's bundle) starts the service, the start script stops it. */
const holder = globalThis as typeof globalThis & {
  __vitrinaStarted?: Promise<void>;
  __vitrinaWorkers?: { stop: AbortController; stopped: Promise<void> };
};

async function start(): Promise<void> {
  const settings = config();
  await openWebDb(settings.statementTimeoutMs);
  // Start-up work is not a request: under load, or waiting for another process starting at the same
  // moment, loading the catalogue took over the request's statement limit and the start failed.
  await withoutStatementLimit(async () => {
    await loadCatalogo();
    await matchLegacyListings();
  });
  if (settings.embedded) {
    await startAdminSocket(adminSocketPath(settings.dataDir));
    const stop = new AbortController();
    holder.__vitrinaWorkers = { stop, stopped: startWorkers(stop.signal) };
  }
  // SEED_DEMO: the first start fills the demo, service data and the Panel's workspace, as `seed demo` does.
  await withoutStatementLimit(async () => {
    if (settings.seedDemo && !(await demoSeeded())) await runOperation("seed.demo", { consultas: DEFAULT_DEMO_CONSULTAS });
  });
  logger().info({ embedded: settings.embedded, publicBaseUrl: settings.publicBaseUrl }, "service started");
}

/**
 * Everything the web process needs before serving: configuration, database, catalogue, and in
 * embedded mode the admin socket and the workers. Once; requests wait for it (lib/service/ready.ts).
 */
export function bootWeb(): Promise<void> {
  holder.__vitrinaStarted ??= settleReadiness(start());
  return holder.__vitrinaStarted;
}

/** A web process that cannot start says why, once, and stops. */
export async function bootWebOrExit(): Promise<void> {
  try {
    await bootWeb();
  } catch (error) {
    console.error(`\nVitrina no pudo arrancar: ${(error as Error).message}\n`);
    process.exit(1);
  }
}

/**
 * The end of a web process after SIGTERM, once no request is in flight (decisions 0050): the embedded
 * workers stop (finishing what they hold), the rate limits' last counts reach the shared store and
 * its Redis connection closes, then the database's pools.
 */
export async function stopWeb(): Promise<void> {
  const workers = holder.__vitrinaWorkers;
  workers?.stop.abort();
  await workers?.stopped;
  await closeRateLimits();
  await closeDb();
}
