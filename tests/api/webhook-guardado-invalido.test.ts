import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeDirectly } from "../support/direct-db";
import { operarEn } from "../support/operador";
import { api, autoDePrueba, type Credenciales, marketplace, registrarAgencia } from "../support/panel-consultas";
import { eventually, startReceiver } from "../support/receiver";
import { startTestServer } from "../support/test-server";

/**
 * Issue 17, item 7: configurations saved before the API refused what cannot be sent remain in
 * databases. A request that asks to send with one (resendwebhook, prueba, reintentar) answers 400
 * with the reasons and queues nothing; resendwebhook answered 500 after queueing (its Location was
 * the stored Callback, CR/LF included). Automatic deliveries try and fail as attempts, and a PUT
 * that fixes the configuration lets their retry through (decisions 0025). A service of its own,
 * written to directly; PGlite, or PostgreSQL with DATABASE_URL.
 */

let service: Awaited<ReturnType<typeof startTestServer>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let app: Credenciales;
const mail = "guardado-invalido@agencia.test";
const path = "/v3/appnotificaciones/consultas";
const call = (method: string, to: string, body?: unknown) => api(service.info, app, method, to, body);

async function enquiry(): Promise<string> {
  const response = await marketplace(service.info, "consultas", {
    AdminMail: mail,
    ExternalId: "GUARDADO-1",
    TipoAnuncio: "publicacion",
    OrigenLead: "form",
    Interesado: { Interes: "compra", Nombre: "Ana", Apellido: "Paz", Email: "ana@example.com", Comentario: "" },
  });
  expect(response.status).toBe(201);
  return (await response.json()).Sid;
}

/** The notifications of the log, newest first. */
async function deliveries(): Promise<
  { Id: string; Estado: string; Payload: { Datos: { Sid?: string } }; Intentos: { HttpStatus: number; Error: string | null }[] }[]
> {
  return (await (await call("GET", `${path}/entregas`)).json())._entries;
}

beforeAll(async () => {
  service = await startTestServer();
  receiver = await startReceiver();
  app = await operarEn<Credenciales>(service.info, "app.create", { name: "Guardado inválido" });
  await registrarAgencia(service.info, app, mail, "Autos Guardados");
  const listing = { AppKey: app.AppKey, AdminMail: mail, ExternalId: "GUARDADO-1", Auto: autoDePrueba() };
  expect((await marketplace(service.info, "publicaciones", listing)).status).toBe(201);
  expect((await call("POST", path, { Callback: receiver.url("/antes") })).status).toBe(201);
});

afterAll(async () => {
  await receiver?.close();
  await service?.stop();
});

describe("a stored configuration that cannot be sent", () => {
  let sid: string;
  let delivered: string;

  it("a valid configuration delivers the first enquiry", async () => {
    sid = await enquiry();
    const entry = await eventually(async () => (await deliveries()).find((item) => item.Estado === "entregada"));
    delivered = entry.Id;
  });

  it("written as rows saved before the rules: CR/LF in the Callback, Transfer-Encoding, a value outside Latin-1", async () => {
    await writeDirectly(service, (query) =>
      query(
        `update webhook_configs set callback = $1, header_custom_01 = $2::jsonb, header_custom_02 = $3::jsonb
          where app_id = (select id from apps where app_key = $4)`,
        [
          `${receiver.url("/despues")}\r\nX-Injected: yes`,
          JSON.stringify({ Name: "Transfer-Encoding", Value: "chunked" }),
          JSON.stringify({ Name: "X-Precio", Value: "100 €" }),
          app.AppKey,
        ],
      ),
    );
    const stored = await call("GET", path);
    expect(stored.status).toBe(200);
    expect((await stored.json()).Callback).toBe(`${receiver.url("/despues")}\r\nX-Injected: yes`);
  });

  it.each([
    ["resendwebhook", () => `/v3/consultas/${mail}/${sid}/resendwebhook`],
    ["prueba", () => `${path}/prueba`],
    ["reintentar", () => `${path}/entregas/${delivered}/reintentar`],
  ])("%s: 400 with every reason, nothing queued or sent", async (_name, target) => {
    const before = await deliveries();
    const response = await call("POST", target());
    expect(response.status).toBe(400);
    const { Errors } = await response.json();
    expect(Object.keys(Errors)).toEqual(["_"]);
    expect(Errors._).toEqual([
      expect.stringMatching(/^La configuración del tópico consultas no puede enviarse como está guardada: corregila con PUT/),
      expect.stringMatching(/^Callback: .*caracteres de control/),
      expect.stringMatching(/^HeaderCustom01\.Name: .*Transfer-Encoding/),
      expect.stringMatching(/^HeaderCustom02\.Value: .*Latin-1/),
    ]);
    expect(await deliveries()).toEqual(before);
    expect(receiver.received.filter((request) => request.path !== "/antes")).toEqual([]);
  });

  let automatic: string;

  it("an automatic delivery tries and fails as an attempt, to be retried", async () => {
    const newSid = await enquiry();
    const entry = await eventually(async () =>
      (await deliveries()).find((item) => item.Payload.Datos.Sid === newSid && item.Intentos.length > 0),
    );
    automatic = entry.Id;
    expect(entry.Intentos[0]).toMatchObject({ HttpStatus: 0, Error: expect.stringMatching(/transfer-encoding/i) });
    expect(["pendiente", "enviando"]).toContain(entry.Estado);
  });

  it("a PUT that fixes it: resendwebhook answers 202 with the Callback as sent, and the automatic retry is delivered", async () => {
    const fixed = await call("PUT", path, { Callback: receiver.url("/despues") });
    expect(fixed.status).toBe(200);
    const resent = await call("POST", `/v3/consultas/${mail}/${sid}/resendwebhook`);
    expect(resent.status).toBe(202);
    expect(resent.headers.get("location")).toBe(receiver.url("/despues"));
    const entry = await eventually(async () => (await deliveries()).find((item) => item.Id === automatic && item.Estado === "entregada"));
    expect(entry.Intentos.at(-1)).toMatchObject({ HttpStatus: 200, Error: null });
  });
});
