import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadDirectRoutes } from "@/lib/http/direct-routes";

/**
 * A streamed answer (docs/decisions/0060) as our HTTP server sends it: written as it comes, gzipped
 * for a client that accepts it, and when its body fails part of the way the connection is cut
 * without the chunked body's end, so the client sees a broken transfer and never a short body that
 * looks whole. The route is a fixture of its own (tests/support/rutas-de-prueba).
 */

const server = createServer();
let base = "";

beforeAll(async () => {
  const routes = await loadDirectRoutes(path.join(import.meta.dirname, "../support/rutas-de-prueba"), () => {});
  server.on("request", (request, response) => {
    if (!routes.serve(request, response)) response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe("a streamed answer served directly", () => {
  for (const encoding of ["identity", "gzip"]) {
    it(`ends whole when its body does (${encoding})`, async () => {
      const response = await fetch(`${base}/v3/lineas?lineas=500`, { headers: { "Accept-Encoding": encoding } });
      expect(response.headers.get("content-encoding")).toBe(encoding === "gzip" ? "gzip" : null);
      expect(response.headers.get("content-length")).toBeNull();
      const lines = (await response.text()).split("\n");
      expect(lines.pop()).toBe("");
      expect(lines.map((line) => JSON.parse(line).Linea)).toEqual(Array.from({ length: 500 }, (_, index) => index + 1));
    });

    it(`is cut, not ended, when its body fails part of the way (${encoding})`, async () => {
      const response = await fetch(`${base}/v3/lineas?lineas=500&falla`, { headers: { "Accept-Encoding": encoding } });
      expect(response.status).toBe(200);
      await expect(response.text()).rejects.toThrow(/terminated/);
    });
  }
});
