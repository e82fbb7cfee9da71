import { createServer } from "node:http";

/**
 * The webhook receiver of `npm run bench`: answers 204 to every POST and keeps, per notification,
 * the enquiry's Sid and the arrival time (Date.now(), the same clock as the ingesting process).
 *   PORT=… npx tsx bench/receiver.ts       GET /arrivals returns and clears what arrived.
 */

type Arrival = { sid: string; id: string; at: number };
let arrivals: Arrival[] = [];

const server = createServer((request, response) => {
  if (request.method === "GET" && request.url === "/arrivals") {
    const body = JSON.stringify(arrivals);
    arrivals = [];
    response.writeHead(200, { "Content-Type": "application/json" });
    response.end(body);
    return;
  }
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    const at = Date.now();
    try {
      const payload = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { Id?: string; Datos?: { Sid?: string } };
      arrivals.push({ sid: payload.Datos?.Sid ?? "", id: payload.Id ?? "", at });
    } catch {
      arrivals.push({ sid: "", id: "", at });
    }
    response.writeHead(204);
    response.end();
  });
});

const port = Number(process.env.PORT ?? 3992);
server.keepAliveTimeout = 30_000;
server.listen(port, "127.0.0.1", () => console.log(`receiver listening on ${port}`));
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.close(() => process.exit(0)));
