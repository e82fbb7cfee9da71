import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signRequest } from "@/lib/http/signing";
import type { Credentials } from "../support/client";
import { eventually, startReceiver } from "../support/receiver";
import { startTestServer } from "../support/test-server";

/**
 * The SSRF guard at connect time (decisions §9): a service of its own with
 * WEBHOOK_ALLOW_PRIVATE_NETWORKS=false. Every callback here is refused before connecting, so no
 * traffic leaves this machine; the loopback receiver proves nothing reached it.
 */

const run = promisify(execFile);
let service: Awaited<ReturnType<typeof startTestServer>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let app: Credentials;

function call(method: string, path: string, body?: unknown) {
  const text = body === undefined ? undefined : JSON.stringify(body);
  const headers = signRequest({
    method,
    pathAndQuery: path,
    appKey: app.AppKey,
    appSecret: app.AppSecret,
    body: text,
    headers: text ? { "Content-Type": "application/json" } : undefined,
  });
  return fetch(service.info.baseUrl + path, { method, headers, body: text });
}

beforeAll(async () => {
  service = await startTestServer({ env: { WEBHOOK_ALLOW_PRIVATE_NETWORKS: "false" } });
  receiver = await startReceiver();
  const { stdout } = await run(
    "node_modules/.bin/tsx",
    ["--conditions=react-server", "scripts/admin.ts", "app", "create", "--name", "SSRF", "--json"],
    { env: { ...process.env, ...service.info.env } },
  );
  app = JSON.parse(stdout);
});

afterAll(async () => {
  await receiver?.close();
  await service?.stop();
});

describe("callbacks to non-public addresses are refused when connecting", () => {
  const cases = [
    ["127.0.0.1", () => receiver.url("/ssrf"), /127\.0\.0\.1.*loopback/],
    ["10.0.0.1", () => "http://10.0.0.1/hooks", /10\.0\.0\.1.*private/],
    ["169.254.169.254", () => "http://169.254.169.254/latest/meta-data/", /169\.254\.169\.254.*metadatos/],
    ["[::1]", () => `http://[::1]:${receiver.port}/ssrf`, /::1.*loopback/],
    ["localhost (a name resolving to loopback)", () => `http://localhost:${receiver.port}/ssrf`, /localhost resuelve a .*loopback/],
  ] as const;

  it.each(cases)("%s", async (_name, callback, why) => {
    const path = "/v3/appnotificaciones/consultas";
    let response = await call("PUT", path, { Callback: callback() });
    if (response.status === 404) response = await call("POST", path, { Callback: callback() });
    expect([200, 201]).toContain(response.status);
    const queued = await call("POST", `${path}/prueba`);
    expect(queued.status).toBe(202);
    const { Id } = await queued.json();
    const entry = await eventually(async () => {
      const candidate = await (await call("GET", `${path}/entregas/${Id}`)).json();
      return candidate.Intentos.length > 0 ? candidate : undefined;
    });
    // Waiting for a retry (5 s later); on a busy machine the retry may already be under way.
    expect(["pendiente", "enviando"]).toContain(entry.Estado);
    expect(entry.Intentos[0]).toMatchObject({ HttpStatus: 0, Respuesta: null, ProximoIntento: expect.any(String) });
    expect(entry.Intentos[0].Error).toMatch(/SSRF/);
    expect(entry.Intentos[0].Error).toMatch(why);
    expect(receiver.received).toHaveLength(0);
  });
});
