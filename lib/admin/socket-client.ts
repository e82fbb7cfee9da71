import { createConnection } from "node:net";
import type { Progress } from "./operations";

/**
 * Sends one operation to the embedded server listening on `socketPath` and answers its result. Not
 * server-only: it holds no secret and reaches only a socket of this machine's user; the tests'
 * fixtures send operations through it too, from Playwright's process as well (tests/support/operador.ts).
 */
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
