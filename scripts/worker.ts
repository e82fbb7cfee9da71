import { bootWorker } from "@/lib/boot/worker";
import { closeDb } from "@/lib/db";
import { ConfigError, config } from "@/lib/env";
import { logger } from "@/lib/log";

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

const stop = new AbortController();
await bootWorker(stop.signal);
logger().info({ pid: process.pid }, "worker started");
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    stop.abort();
    await closeDb();
    process.exit(0);
  });
}
