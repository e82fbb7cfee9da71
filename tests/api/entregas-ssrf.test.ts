import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signRequest } from "@/lib/http/signing";
import type { Credentials } from "../support/client";
import { writeDirectly } from "../support/direct-db";
import { operarEn } from "../support/operador";
import { eventually, startReceiver } from "../support/receiver";
import { startTestServer } from "../support/test-server";

/**
 * The SSRF guard (docs/contract.md#ssrf-guard) on a service of its own with WEBHOOK_ALLOW_PRIVATE_NETWORKS=false:
 * a Callback naming a non-public address literally, or localhost, is refused when it is saved
 * (issue 17, item 7); every address is checked again when connecting, which is what stops a name
 * that resolves to one, and configurations stored before the check at saving existed. Nothing here
 * leaves this machine; the loopback receiver proves nothing reached it.
 */

let service: Awaited<ReturnType<typeof startTestServer>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let app: Credentials;

function call(method: string, path: string, body?: unknown, who: Credentials = app) {
  const text = body === undefined ? undefined : JSON.stringify(body);
  const headers = signRequest({
    method,
    pathAndQuery: path,
    appKey: who.AppKey,
    appSecret: who.AppSecret,
    body: text,
    headers: text ? { "Content-Type": "application/json" } : undefined,
  });
  return fetch(service.info.baseUrl + path, { method, headers, body: text });
}

function createApp(name: string): Promise<Credentials> {
  return operarEn<Credentials>(service.info, "app.create", { name });
}

beforeAll(async () => {
  service = await startTestServer({ env: { WEBHOOK_ALLOW_PRIVATE_NETWORKS: "false" } });
  receiver = await startReceiver();
  app = await createApp("SSRF");
});

afterAll(async () => {
  await receiver?.close();
  await service?.stop();
});

describe("a Callback naming a non-public address is refused when saved", () => {
  const path = "/v3/appnotificaciones/agencias";
  const saved = "https://crm.example/hooks/guardado";

  beforeAll(async () => {
    expect((await call("POST", path, { Callback: saved })).status).toBe(201);
  });

  it.each([
    ["127.0.0.1", "https://127.0.0.1/hooks", /127\.0\.0\.1 no es una dirección pública: es la de este mismo equipo \(loopback\)/],
    ["127.1 (short form)", "https://127.1/hooks", /127\.0\.0\.1 .*loopback/],
    ["2130706433 (decimal)", "https://2130706433/hooks", /127\.0\.0\.1 .*loopback/],
    ["0x7f000001 (hexadecimal)", "https://0x7f000001/hooks", /127\.0\.0\.1 .*loopback/],
    ["0177.0.0.1 (octal)", "https://0177.0.0.1/hooks", /127\.0\.0\.1 .*loopback/],
    ["10.0.0.1", "https://10.0.0.1/hooks", /10\.0\.0\.1 .*red privada/],
    ["192.168.1.1", "https://192.168.1.1:8443/hooks", /192\.168\.1\.1 .*red privada/],
    ["169.254.169.254", "https://169.254.169.254/latest/meta-data/", /metadatos de la nube/],
    ["100.64.0.1", "https://100.64.0.1/hooks", /red interna de un proveedor/],
    ["0.0.0.0", "https://0.0.0.0/hooks", /no indica ningún equipo/],
    ["[::1]", "https://[::1]/hooks", /::1 .*loopback/],
    ["[::]", "https://[::]/hooks", /no indica ningún equipo/],
    ["[::ffff:127.0.0.1] (IPv4-mapped)", "https://[::ffff:127.0.0.1]/hooks", /127\.0\.0\.1 .*loopback/],
    ["[::ffff:a00:1] (IPv4-mapped, hexadecimal)", "https://[::ffff:a00:1]/hooks", /10\.0\.0\.1 .*red privada/],
    ["[fe80::1]", "https://[fe80::1]/hooks", /enlace local/],
    ["[fd12::1]", "https://[fd12::1]/hooks", /red privada/],
    ["localhost", "https://localhost:8443/hooks", /localhost es un nombre de este mismo equipo/],
    ["LOCALHOST. (upper case, final dot)", "https://LOCALHOST./hooks", /localhost\. es un nombre de este mismo equipo/],
    ["api.localhost", "https://api.localhost/hooks", /api\.localhost es un nombre de este mismo equipo/],
  ])("%s: 400 naming Callback, in a partner's words, nothing stored", async (_name, Callback, why) => {
    for (const method of ["PUT", "POST"]) {
      const response = await call(method, path, { Callback });
      expect(response.status, method).toBe(400);
      const { Errors } = await response.json();
      expect(Object.keys(Errors)).toEqual(["Callback"]);
      expect(Errors.Callback[0]).toMatch(why);
      expect(Errors.Callback[0]).toMatch(/las notificaciones solo se envían a direcciones públicas de Internet\.$/);
      expect(Errors.Callback[0]).not.toMatch(/WEBHOOK|PRIVATE|ALLOW/);
    }
    expect((await (await call("GET", path)).json()).Callback).toBe(saved);
  });

  it("a public address, and a name (judged when connecting), are accepted", async () => {
    for (const Callback of ["https://93.184.216.34/hooks", "https://crm.example/hooks"]) {
      const response = await call("PUT", path, { Callback });
      expect(response.status).toBe(200);
      expect((await response.json()).Callback).toBe(Callback);
    }
  });
});

describe("callbacks to non-public addresses are refused when connecting", () => {
  const path = "/v3/appnotificaciones/consultas";
  // Stored as configurations saved before the check at saving existed: the connection checks again.
  const cases = [
    ["127.0.0.1", () => receiver.url("/ssrf"), /127\.0\.0\.1.*loopback/],
    ["10.0.0.1", () => "http://10.0.0.1/hooks", /10\.0\.0\.1.*private/],
    ["169.254.169.254", () => "http://169.254.169.254/latest/meta-data/", /169\.254\.169\.254.*metadatos/],
    ["[::1]", () => `http://[::1]:${receiver.port}/ssrf`, /::1.*loopback/],
    ["localhost (a name resolving to loopback)", () => `http://localhost:${receiver.port}/ssrf`, /localhost resuelve a .*loopback/],
  ] as const;
  const apps = new Map<string, Credentials>();

  beforeAll(async () => {
    for (const [name] of cases) {
      const owner = await createApp(`SSRF ${name}`);
      expect((await call("POST", path, { Callback: "https://crm.example/hooks" }, owner)).status).toBe(201);
      apps.set(name, owner);
    }
    await writeDirectly(service, async (query) => {
      for (const [name, callback] of cases) {
        await query("update webhook_configs set callback = $1 where app_id = (select id from apps where app_key = $2)", [
          callback(),
          apps.get(name)?.AppKey,
        ]);
      }
    });
  });

  it.each(cases)("%s", async (name, _callback, why) => {
    const owner = apps.get(name) as Credentials;
    const queued = await call("POST", `${path}/prueba`, undefined, owner);
    expect(queued.status).toBe(202);
    const { Id } = await queued.json();
    const entry = await eventually(async () => {
      const candidate = await (await call("GET", `${path}/entregas/${Id}`, undefined, owner)).json();
      return candidate.Intentos.length > 0 ? candidate : undefined;
    });
    // Waiting for a retry (5 s later); on a busy machine the retry may already be under way.
    expect(["pendiente", "enviando"]).toContain(entry.Estado);
    expect(entry.Intentos[0]).toMatchObject({ HttpStatus: 0, Respuesta: null, ProximoIntento: expect.any(String) });
    expect(entry.Intentos[0].Error).toMatch(/SSRF/);
    expect(entry.Intentos[0].Error).toMatch(why);
    expect(entry.Intentos[0].Error).not.toMatch(/WEBHOOK|PRIVATE|ALLOW/);
    expect(receiver.received).toHaveLength(0);
  });
});
