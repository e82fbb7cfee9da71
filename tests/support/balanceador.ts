import { createServer, type IncomingHttpHeaders, request } from "node:http";

/**
 * A small load balancer on loopback, as an operator would put in front of the web processes
 * (issue 22): round robin over the backends whose /readyz answers 200 (checked every 100 ms). The
 * request is read whole first; a backend that refuses the connection (it is stopping: decisions
 * 0050) never saw it, so it goes to the next one, even a POST. Any other failure is the client's:
 * 502, counted. One connection per request, so a draining process has no idle ones to close.
 */

type Backend = { base: string; ready: boolean };

const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "upgrade", "proxy-connection"]);

function forwardable(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));
}

type Answer = { status: number; headers: IncomingHttpHeaders; body: Buffer };

function send(base: string, method: string, target: string, headers: IncomingHttpHeaders, body: Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const forwarded = request(`${base}${target}`, { method, headers: forwardable(headers), agent: false });
    forwarded.on("response", (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on("error", reject);
    });
    forwarded.on("error", reject);
    forwarded.end(body);
  });
}

export async function startBalanceador() {
  const backends: Backend[] = [];
  const counts = { forwarded: 0, rerouted: 0, failed: 0 };
  let next = 0;

  const check = async (backend: Backend) => {
    const answer = await fetch(`${backend.base}/readyz`).catch(() => undefined);
    backend.ready = answer?.status === 200;
    await answer?.arrayBuffer();
  };
  const checker = setInterval(() => {
    for (const backend of backends) void check(backend);
  }, 100);

  const forward = async (method: string, target: string, headers: IncomingHttpHeaders, body: Buffer): Promise<Answer> => {
    for (let attempt = 0; attempt < 50; attempt++) {
      const ready = backends.filter((backend) => backend.ready);
      const backend = ready[next++ % Math.max(1, ready.length)];
      if (!backend) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        continue;
      }
      try {
        return await send(backend.base, method, target, headers, body);
      } catch (error) {
        if ((error as { code?: string }).code !== "ECONNREFUSED") throw error;
        backend.ready = false;
        counts.rerouted++;
      }
    }
    throw new Error("ningún proceso listo");
  };

  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      forward(incoming.method ?? "GET", incoming.url ?? "/", incoming.headers, Buffer.concat(chunks)).then(
        (answer) => {
          counts.forwarded++;
          outgoing.writeHead(answer.status, forwardable(answer.headers)).end(answer.body);
        },
        (error: Error) => {
          counts.failed++;
          outgoing.writeHead(502, { "Content-Type": "text/plain" }).end(`balanceador: ${error.message}`);
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    counts,
    /** A backend joins once its /readyz answers 200. */
    add(base: string) {
      const backend = { base, ready: false };
      backends.push(backend);
      void check(backend);
    },
    remove(base: string) {
      const index = backends.findIndex((backend) => backend.base === base);
      if (index >= 0) backends.splice(index, 1);
    },
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(checker);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
