import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { createServer as createTcpServer, type Socket } from "node:net";

export type Received = { path: string; headers: IncomingHttpHeaders; body: string; at: number };

/** What the receiver answers to one request, after delayMs if given; the default is 200. */
export type Responder = (
  request: Received,
  seen: number,
) => { status: number; body?: string | Uint8Array; headers?: Record<string, string>; delayMs?: number };

/**
 * A webhook receiver on loopback: records every request and answers as the test says, by path.
 * `seen` counts earlier requests with the same Notification-Hook-ID.
 */
export async function startReceiver(responders: Record<string, Responder> = {}) {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const entry: Received = {
        path: request.url ?? "/",
        headers: request.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        at: Date.now(),
      };
      const id = request.headers["notification-hook-id"];
      const seen = received.filter((earlier) => earlier.headers["notification-hook-id"] === id).length;
      received.push(entry);
      const answer = responders[entry.path.split("?")[0] as string]?.(entry, seen) ?? { status: 200, body: "ok" };
      setTimeout(() => {
        response.writeHead(answer.status, { "Content-Type": "text/plain", ...answer.headers });
        response.end(answer.body ?? "");
      }, answer.delayMs ?? 0);
    });
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    port,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    /** Requests carrying this Notification-Hook-ID. */
    forId: (id: string) => received.filter((entry) => entry.headers["notification-hook-id"] === id),
    async waitFor(id: string, count = 1, timeoutMs = 20_000): Promise<Received[]> {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const hits = received.filter((entry) => entry.headers["notification-hook-id"] === id);
        if (hits.length >= count) return hits;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`El receptor no recibió ${count} entrega(s) de ${id} en ${timeoutMs} ms`);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** What a raw receiver writes on the socket for one request: any bytes, for as long as it likes. */
export type RawAnswer = (socket: Socket) => void;

const notFound: RawAnswer = (socket) => socket.end("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");

/**
 * A receiver on loopback that answers in raw bytes, by path: odd status lines, headers over any
 * limit, bodies that never end. One request per connection; records each request's path and
 * Notification-Hook-ID.
 */
export async function startRawReceiver(answers: Record<string, RawAnswer>) {
  const received: { path: string; id: string | undefined }[] = [];
  const sockets = new Set<Socket>();
  const server = createTcpServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    let buffered = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      const headEnd = buffered.indexOf("\r\n\r\n");
      if (headEnd < 0) return;
      const head = buffered.subarray(0, headEnd).toString("latin1");
      const length = Number(/^content-length:\s*(\d+)/im.exec(head)?.[1] ?? 0);
      if (buffered.length < headEnd + 4 + length) return;
      socket.off("data", onData);
      const path = head.split(" ")[1] ?? "/";
      received.push({ path, id: /^notification-hook-id:\s*(\S+)/im.exec(head)?.[1] });
      (answers[path] ?? notFound)(socket);
    };
    socket.on("data", onData);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    /** Requests carrying this Notification-Hook-ID. */
    forId: (id: string) => received.filter((entry) => entry.id === id),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export async function eventually<T>(probe: () => Promise<T | undefined>, timeoutMs = 20_000, what = "la condición"): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`No se cumplió ${what} en ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
