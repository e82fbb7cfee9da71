import { createHmac } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Credentials, createApp, signedFetch } from "../support/client";
import { eventually, startReceiver } from "../support/receiver";

const SECRET = "s3cr3t-de-entregas-0123456789";
const JSON_HEADERS = { "Content-Type": "application/json" };
/** How long the receiver of the first notification takes to answer: its attempt's LatenciaMs at least. */
const RECEIVER_DELAY_MS = 150;

let app: Credentials;
let other: Credentials;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

function send(who: Credentials, method: string, path: string, body?: unknown) {
  return signedFetch(who, method, path, body === undefined ? {} : { body: JSON.stringify(body), headers: JSON_HEADERS });
}

/** Every response of these tests: the Secret never comes back. */
async function read(response: Response) {
  const text = await response.text();
  expect(text).not.toContain(SECRET);
  return text === "" ? undefined : JSON.parse(text);
}

async function configure(topic: string, callback: string, extra: Record<string, unknown> = {}, who = app) {
  const path = `/v3/appnotificaciones/${topic}`;
  const body = { Callback: callback, Secret: SECRET, ...extra };
  let response = await send(who, "POST", path, body);
  if (response.status === 409) response = await send(who, "PUT", path, body);
  expect([200, 201]).toContain(response.status);
  await read(response);
}

async function entrega(topic: string, id: string, who = app) {
  const response = await send(who, "GET", `/v3/appnotificaciones/${topic}/entregas/${id}`);
  expect(response.status).toBe(200);
  return read(response);
}

async function sendTest(topic: string, who = app) {
  const response = await send(who, "POST", `/v3/appnotificaciones/${topic}/prueba`);
  expect(response.status).toBe(202);
  const payload = await read(response);
  expect(response.headers.get("location")).toBe(`/v3/appnotificaciones/${topic}/entregas/${payload.Id}`);
  return payload;
}

beforeAll(async () => {
  [app, other] = await Promise.all([createApp("Entregas", { contact: "tecnica@crm.example" }), createApp("Sin webhooks")]);
  receiver = await startReceiver({
    "/hooks/ok": () => ({ status: 200, body: "ok", delayMs: RECEIVER_DELAY_MS }),
    "/flaky": (_request, seen) => (seen === 0 ? { status: 500, body: "fallo temporal" } : { status: 200, body: "ok" }),
    "/gone": () => ({ status: 410, body: "ya no existe" }),
    "/mudada": () => ({ status: 302, headers: { Location: receiver.url("/destino") }, body: "" }),
    "/larga": () => ({ status: 200, body: "x".repeat(30_000) }),
  });
});

afterAll(async () => {
  await receiver?.close();
});

describe("a test notification, signed and delivered", () => {
  // An app of its own, configured and sent one test notification before these tests: its log holds
  // that notification only, whatever else runs and in whatever order.
  let firmada: Credentials;
  let payload: { Id: string; Topic: string; Evento: string; Momento: string; Reenvio: boolean; Datos: unknown };

  beforeAll(async () => {
    firmada = await createApp("Entregas firmadas");
    const headers = { HeaderCustom01: { Name: "X-Api-Key", Value: "clave-del-crm" } };
    await configure("consultas", receiver.url("/hooks/ok"), headers, firmada);
    payload = await sendTest("consultas", firmada);
  });

  it("POST /prueba answers 202 with the payload it queued", () => {
    expect(payload).toMatchObject({ Topic: "consultas", Evento: "prueba", Reenvio: false, Datos: { Prueba: true } });
    expect(payload.Id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(payload.Momento).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
  });

  it("arrives with the headers of docs/contract.md#delivery, both signatures valid, custom headers included", async () => {
    const [hit] = await receiver.waitFor(payload.Id);
    if (!hit) throw new Error("sin entrega");
    const { headers, body } = hit;
    expect(hit.path).toBe("/hooks/ok");
    expect(headers["content-type"]).toBe("application/json");
    expect(headers["user-agent"]).toBe("VitrinaWebhooks/3");
    expect(headers["notification-hook-id"]).toBe(payload.Id);
    expect(headers["notification-topic"]).toBe("consultas");
    expect(headers["webhook-id"]).toBe(payload.Id);
    expect(headers["webhook-timestamp"]).toBe(headers["notification-timestamp"]);
    expect(Math.abs(Number(headers["notification-timestamp"]) - Date.now() / 1000)).toBeLessThan(60);
    expect(headers["x-api-key"]).toBe("clave-del-crm");
    expect(JSON.parse(body)).toEqual(payload);
    expect(Object.keys(JSON.parse(body))).toEqual(["Id", "Topic", "Evento", "Momento", "Reenvio", "Datos"]);

    const expected = createHmac("sha256", Buffer.from(SECRET, "utf8"))
      .update(`${payload.Id}.${headers["notification-timestamp"]}.consultas`)
      .digest("base64");
    expect(headers["notification-signature"]).toBe(expected);

    const verifier = new Webhook(Buffer.from(SECRET, "utf8").toString("base64"));
    const verified = verifier.verify(body, headers as Record<string, string>);
    expect(verified).toEqual(payload);
    expect(() => verifier.verify(body.replace("prueba", "prueba2"), headers as Record<string, string>)).toThrow();
    expect(JSON.stringify(headers)).not.toContain(SECRET);
  });

  it("the delivery log shows the notification delivered, with its attempt", async () => {
    const entry = await eventually(async () => {
      const candidate = await entrega("consultas", payload.Id, firmada);
      return candidate.Estado === "entregada" ? candidate : undefined;
    });
    expect(entry).toMatchObject({ Id: payload.Id, Topic: "consultas", Evento: "prueba", Payload: payload, ProximoIntento: null });
    expect(entry.Intentos).toEqual([
      {
        Momento: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?([+-]\d\d:\d\d|Z)$/),
        Disparo: "automatico",
        HttpStatus: 200,
        LatenciaMs: expect.any(Number),
        Respuesta: "ok",
        Error: null,
        ProximoIntento: null,
      },
    ]);
    // The attempt started after the notification was queued and before the receiver got it; it
    // lasted the receiver's delay at least, and the delivery ended when the attempt did.
    const [hit] = receiver.forId(payload.Id);
    const [attempt] = entry.Intentos;
    const started = Date.parse(attempt.Momento);
    expect(started).toBeGreaterThanOrEqual(Date.parse(payload.Momento) - 1000);
    expect(started).toBeLessThanOrEqual(hit?.at ?? 0);
    expect(attempt.LatenciaMs).toBeGreaterThanOrEqual(RECEIVER_DELAY_MS - 5);
    expect(attempt.LatenciaMs).toBeLessThan(RECEIVER_DELAY_MS + 10_000);
    expect(Date.parse(entry.Entregada)).toBeGreaterThanOrEqual(started + attempt.LatenciaMs - 1000);
    expect(Date.parse(entry.Entregada)).toBeLessThanOrEqual(Date.now());

    const response = await send(firmada, "GET", "/v3/appnotificaciones/consultas/entregas");
    expect(response.status).toBe(200);
    const list = await read(response);
    expect(list).toMatchObject({ Total: 1, Pagina: 1, PerPagina: 20 });
    expect(list._links.self).toEqual({ href: "/v3/appnotificaciones/consultas/entregas?pagina=1" });
    expect(list._entries[0]).toEqual(entry);

    const filtered = await read(await send(firmada, "GET", "/v3/appnotificaciones/consultas/entregas?estado=fallida"));
    expect(filtered).toMatchObject({ Total: 0, _entries: [] });
  });

  it("GET of the configuration still hides the Secret", async () => {
    const body = await read(await send(firmada, "GET", "/v3/appnotificaciones/consultas"));
    expect(body.Secret).toBeNull();
  });
});

describe("retries", () => {
  it("a receiver answering 500, then 200 to a manual retry", async () => {
    await configure("consultas", receiver.url("/flaky"));
    const payload = await sendTest("consultas");
    await receiver.waitFor(payload.Id, 1);
    const failed = await eventually(async () => {
      const candidate = await entrega("consultas", payload.Id);
      return candidate.Intentos.length === 1 && candidate.Estado === "pendiente" ? candidate : undefined;
    });
    expect(failed.Intentos[0]).toMatchObject({
      Disparo: "automatico",
      HttpStatus: 500,
      Respuesta: "fallo temporal",
      Error: expect.any(String),
    });
    const scheduled = Date.parse(failed.ProximoIntento) - Date.parse(failed.Intentos[0].Momento);
    expect(scheduled).toBeGreaterThanOrEqual(3_000);
    expect(scheduled).toBeLessThanOrEqual(7_000);

    const response = await send(app, "POST", `/v3/appnotificaciones/consultas/entregas/${payload.Id}/reintentar`);
    expect(response.status).toBe(202);
    expect(response.headers.get("location")).toBe(`/v3/appnotificaciones/consultas/entregas/${payload.Id}`);
    const retried = await read(response);
    expect(retried.Estado).toBe("entregada");
    expect(retried.Intentos).toHaveLength(2);
    expect(retried.Intentos[1]).toMatchObject({ Disparo: "manual", HttpStatus: 200, Error: null });
    const hits = receiver.forId(payload.Id);
    expect(hits).toHaveLength(2);
    expect(hits[1]?.headers["notification-hook-id"]).toBe(payload.Id);

    // The automatic retry that was scheduled does not send it again.
    await new Promise((resolve) => setTimeout(resolve, 7_000));
    expect(receiver.forId(payload.Id)).toHaveLength(2);
  });

  it("410 Gone deactivates the configuration", async () => {
    await configure("agencias", receiver.url("/gone"));
    const payload = await sendTest("agencias");
    await receiver.waitFor(payload.Id);
    const entry = await eventually(async () => {
      const candidate = await entrega("agencias", payload.Id);
      return candidate.Estado === "fallida" ? candidate : undefined;
    });
    expect(entry.Intentos).toEqual([expect.objectContaining({ HttpStatus: 410, ProximoIntento: null })]);
    const config = await read(await send(app, "GET", "/v3/appnotificaciones/agencias"));
    expect(config.Activo).toBe(false);

    const inactive = await send(app, "POST", "/v3/appnotificaciones/agencias/prueba");
    expect(inactive.status).toBe(400);
    expect((await read(inactive)).Errors._).toEqual([expect.any(String)]);
    const retry = await send(app, "POST", `/v3/appnotificaciones/agencias/entregas/${payload.Id}/reintentar`);
    expect(retry.status).toBe(400);
  });
});

describe("receivers that misbehave", () => {
  it("a redirect is a failed attempt and is not followed", async () => {
    await configure("consultas", receiver.url("/mudada"));
    const payload = await sendTest("consultas");
    await receiver.waitFor(payload.Id);
    const entry = await eventually(async () => {
      const candidate = await entrega("consultas", payload.Id);
      return candidate.Intentos.length === 1 ? candidate : undefined;
    });
    expect(entry.Estado).toBe("pendiente");
    expect(entry.Intentos[0]).toMatchObject({ HttpStatus: 302, Error: expect.any(String) });
    expect(receiver.received.filter((request) => request.path === "/destino")).toEqual([]);
  });

  it("a long answer is recorded up to its first 20 KB", async () => {
    await configure("consultas", receiver.url("/larga"));
    const payload = await sendTest("consultas");
    const entry = await eventually(async () => {
      const candidate = await entrega("consultas", payload.Id);
      return candidate.Estado === "entregada" ? candidate : undefined;
    });
    expect(entry.Intentos[0].Respuesta).toBe("x".repeat(20 * 1024));
  });
});

describe("errors", () => {
  async function expect404(response: Response) {
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("");
  }

  it("404 for a topic not configured, an unknown topic or an unknown notification", async () => {
    await expect404(await send(other, "GET", "/v3/appnotificaciones/consultas/entregas"));
    await expect404(await send(other, "POST", "/v3/appnotificaciones/consultas/prueba"));
    await expect404(await send(app, "GET", "/v3/appnotificaciones/nada/entregas"));
    await expect404(await send(app, "GET", "/v3/appnotificaciones/consultas/entregas/01JZ0000000000000000000000"));
    await expect404(await send(app, "POST", "/v3/appnotificaciones/consultas/entregas/01JZ0000000000000000000000/reintentar"));
  });

  it("another app does not see this app's notifications", async () => {
    await configure("consultas", receiver.url("/hooks/ajena"));
    const { Id: id } = await sendTest("consultas");
    const otra = await createApp("Otra con webhooks");
    expect((await send(otra, "POST", "/v3/appnotificaciones/consultas", { Callback: receiver.url("/otra") })).status).toBe(201);
    await expect404(await send(otra, "GET", `/v3/appnotificaciones/consultas/entregas/${id}`));
    await expect404(await send(otra, "POST", `/v3/appnotificaciones/consultas/entregas/${id}/reintentar`));
  });

  it("400 for a bad estado or pagina", async () => {
    for (const [query, key] of [
      ["estado=perdida", "estado"],
      ["pagina=0", "pagina"],
      ["pagina=100", "pagina"],
      ["pagina=x", "pagina"],
    ]) {
      const response = await send(app, "GET", `/v3/appnotificaciones/consultas/entregas?${query}`);
      expect(response.status, query).toBe(400);
      expect(Object.keys((await read(response)).Errors)).toEqual([key]);
    }
  });
});
