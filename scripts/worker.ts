import { createServer } from "node:http";
import { opsEndpoints, processState } from "@/lib/boot/ops-endpoints";
import { drain, onStopSignal } from "@/lib/boot/shutdown";
import { bootWorker } from "@/lib/boot/worker";
import { closeDb } from "@/lib/db";
import { ConfigError, config } from "@/lib/env";
import { logger } from "@/lib/log";
import type { StartupState } from "@/lib/service/ready";

/** npm run worker: the background workers as a process of their own (production, DATABASE_URL). */
try {
  if (config().embedded) {
    process.stderr.write("En modo embebido los workers corren dentro de npm start. npm run worker necesita DATABASE_URL.\n");
    process.exit(2);
  }
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}

let startup: StartupState = "starting";
let stopping = false;

// WORKER_PORT: /healthz, /readyz (ready when it can claim work) and /metrics (decisions 0048, 0049).
const { workerPort, host } = config();
const server = workerPort === undefined ? undefined : createServer();
if (server) {
  const ops = opsEndpoints(() => processState(startup, stopping));
  server.on("request", (request, response) => {
    if (!ops.serve(request, response)) response.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("No encontrado\n");
  });
  await new Promise<void>((resolve) => server.listen(workerPort, host, resolve));
}

const stop = new AbortController();
let stopped: Promise<void>;
try {
  ({ stopped } = await bootWorker(stop.signal));
  startup = "started";
} catch (error) {
  startup = "failed";
  throw error;
}
logger().info({ pid: process.pid, port: workerPort }, "worker started");
// SIGTERM: not ready, no new claims, what is held is finished or released, pools closed, exit 0 (decisions 0050).
onStopSignal(async () => {
  stopping = true;
  stop.abort();
  await stopped;
  if (server) await drain(server);
  await closeDb();
  logger().info({ pid: process.pid }, "worker stopped");
});
