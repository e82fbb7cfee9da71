import type { Server } from "node:http";
import { logger } from "@/lib/log";

/**
 * How a process stops (decisions 0050). A web process keeps accepting while traffic still comes (its
 * /readyz already says 503): until none has come for QUIET_MS, at most MAX_DELAY_MS. Then it closes
 * its listener and lets the requests in flight finish for up to SHUTDOWN_LIMIT_MS, then cuts the
 * connections still open. An orchestrator's grace period must be at least HARD_LIMIT_MS (Kubernetes'
 * default, 30 s).
 */
const QUIET_MS = 500;
const MAX_DELAY_MS = 5_000;
export const SHUTDOWN_LIMIT_MS = 20_000;
/** Past the limit, what still has not closed (a stuck pool, a send) does not keep the process. */
const HARD_LIMIT_MS = 30_000;

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
 *
 * `lastTraffic`, for a server behind a load balancer: when its last request (not a probe) came. The
 * listener stays open until the balancer has stopped sending: closing it while connections wait in
 * the kernel's accept queue would reset them, requests included, which no balancer may retry.
 */
export async function drain(server: Server, lastTraffic?: () => number): Promise<void> {
  if (lastTraffic) {
    const since = Date.now();
    while (Date.now() - Math.max(since, lastTraffic()) < QUIET_MS && Date.now() - since < MAX_DELAY_MS) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  const idle = setInterval(() => server.closeIdleConnections(), 100);
  const limit = setTimeout(() => {
    logger().warn({ limitMs: SHUTDOWN_LIMIT_MS }, "requests still in flight at the shutdown limit: connections cut");
    server.closeAllConnections();
  }, SHUTDOWN_LIMIT_MS);
  try {
    await closed;
  } finally {
    clearInterval(idle);
    clearTimeout(limit);
  }
}
