import "server-only";
import { DEFAULT_DEMO_CONSULTAS, runOperation } from "@/lib/admin/operations";
import { startAdminSocket } from "@/lib/admin/socket-server";
import { adminSocketPath, getDb } from "@/lib/db";
import { config } from "@/lib/env";
import { logger } from "@/lib/log";
import { loadCatalogo } from "@/lib/service/catalogo/load-catalogo";
import { demoSeeded } from "@/lib/service/demo/seed-demo";
import { settleReadiness } from "@/lib/service/ready";
import { startWorkers } from "./workers";

const holder = globalThis as typeof globalThis & { __vitrinaStarted?: Promise<void> };

async function start(): Promise<void> {
  const settings = config();
  await getDb();
  await loadCatalogo();
  if (settings.embedded) {
    await startAdminSocket(adminSocketPath(settings.dataDir));
    startWorkers(new AbortController().signal);
  }
  // SEED_DEMO: the first start fills the demo, service data and the Panel's workspace, as `seed demo` does.
  if (settings.seedDemo && !(await demoSeeded())) await runOperation("seed.demo", { consultas: DEFAULT_DEMO_CONSULTAS });
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
