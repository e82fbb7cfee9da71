import type { Server } from "node:http";
import { logger } from "@/lib/log";

/**
 * How a process stops (decisions 0050). A web process lets the requests in flight finish for up to
 * this long, then cuts the connections still open; an orchestrator's grace period (Kubernetes'
 * default is 30 s) must be longer.
 */
export const SHUTDOWN_LIMIT_MS = 25_000;
/** Past the limit, what still has not closed (a stuck pool, a send) does not keep the process. */
const HARD_LIMIT_MS = SHUTDOWN_LIMIT_MS + 5_000;

/** Runs `stop` once, on the first SIGTERM or SIGINT, then exits 0 (1 when it failed or hung). */
export function onStopSignal(stop: () => Promise<void>): void {
  let stopping = false;
  const handle = () => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => {
      logger().error({ limitMs: HARD_LIMIT_MS }, "shutdown did not finish in time");
      process.exit(1);
    }, HARD_LIMIT_MS).unref();
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger().error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", handle);
  process.on("SIGINT", handle);
}

/**
 * Stops accepting connections and resolves once every request in flight has been answered: idle
 * keep-alive connections close at once (and each busy one once its answer ends); past the limit
 * the connections still open are cut.
 */
export function drain(server: Server): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  const idle = setInterval(() => server.closeIdleConnections(), 100);
  const limit = setTimeout(() => {
    logger().warn({ limitMs: SHUTDOWN_LIMIT_MS }, "requests still in flight at the shutdown limit: connections cut");
    server.closeAllConnections();
  }, SHUTDOWN_LIMIT_MS);
  return closed.finally(() => {
    clearInterval(idle);
    clearTimeout(limit);
  });
}
