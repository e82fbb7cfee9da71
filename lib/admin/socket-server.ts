import "server-only";
import { rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { logger } from "@/lib/log";
import { runOperation } from "./operations";

/**
 * The embedded server's admin socket: a Unix socket inside DATA_DIR (only this machine's user can
 * reach it). One request per connection, a JSON line; answers are JSON lines: progress, then result
 * or error.
 */
export function startAdminSocket(socketPath: string): Promise<Server> {
  rmSync(socketPath, { force: true });
  const server = createServer((socket) => {
    let buffer = "";
    socket.setEncoding("utf8");
    socket.on("data", async (chunk) => {
      buffer += chunk;
      const newline = buffer.indexOf("\n");
      if (newline === -1) return;
      const line = buffer.slice(0, newline);
      buffer = "";
      const send = (message: unknown) => socket.writable && socket.write(`${JSON.stringify(message)}\n`);
      try {
        const { operation, input } = JSON.parse(line) as { operation: string; input: unknown };
        const result = await runOperation(operation, input, (done, total) => send({ progress: { done, total } }));
        send({ result });
      } catch (error) {
        logger().warn({ err: error }, "admin operation failed");
        send({ error: (error as Error).message });
      }
      socket.end();
    });
    socket.on("error", () => socket.destroy());
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => resolve(server));
  });
}
