import { createServer, type IncomingHttpHeaders, type Server } from "node:http";

export type Received = { path: string; headers: IncomingHttpHeaders; body: string; at: number };

/** What the receiver answers to one request; the default is 200. */
export type Responder = (request: Received, seen: number) => { status: number; body?: string; headers?: Record<string, string> };

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
      response.writeHead(answer.status, { "Content-Type": "text/plain", ...answer.headers });
      response.end(answer.body ?? "");
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

export async function eventually<T>(probe: () => Promise<T | undefined>, timeoutMs = 20_000, what = "la condición"): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`No se cumplió ${what} en ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
