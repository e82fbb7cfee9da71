import "server-only";
import { createConnection } from "node:net";
import { readLockOwner } from "@/lib/db/lock";
import { config } from "@/lib/env";
import type { Progress } from "./operations";

/** Sends one operation to the embedded server listening on `socketPath` and answers its result. */
export function viaSocket(socketPath: string, operation: string, input: unknown, progress: Progress = () => {}): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(socketPath);
    let buffer = "";
    let settled = false;
    socket.setEncoding("utf8");
    socket.on("connect", () => socket.write(`${JSON.stringify({ operation, input })}\n`));
    socket.on("data", (chunk) => {
      buffer += chunk;
      for (let newline = buffer.indexOf("\n"); newline !== -1; newline = buffer.indexOf("\n")) {
        const message = JSON.parse(buffer.slice(0, newline));
        buffer = buffer.slice(newline + 1);
        if (message.progress) progress(message.progress.done, message.progress.total);
        else if ("error" in message) {
          settled = true;
          reject(new Error(message.error));
        } else {
          settled = true;
          resolve(message.result);
        }
      }
    });
    socket.on("error", (error) => reject(new Error(`No se pudo hablar con el servidor en marcha (${socketPath}): ${error.message}`)));
    socket.on("close", () => settled || reject(new Error("El servidor cerró la conexión sin responder.")));
  });
}

/**
 * Runs an operator operation here, or through the embedded server that owns DATA_DIR right now. The
 * operations and the database are loaded only to run here: a command sent to the server starts in a
 * fraction of the time.
 */
export async function executeOperation(operation: string, input: unknown, progress: Progress = () => {}): Promise<unknown> {
  const { embedded, dataDir } = config();
  const owner = embedded ? readLockOwner(dataDir) : undefined;
  if (owner) return viaSocket(owner.adminSocket, operation, input, progress);
  const [{ closeDb, getDb }, { runOperation }] = await Promise.all([import("@/lib/db"), import("./operations")]);
  await getDb();
  try {
    return await runOperation(operation, input, progress);
  } finally {
    await closeDb();
  }
}
