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
 * written to directly; PGlite, or PostgreSQL with DATABASE_URL. Each test has an app, an agency
 * and a receiver path of its own, prepared before any test runs (one direct write for all).
 */

type Entrega = {
  Id: string;
  Estado: string;
  Payload: { Datos: { Sid?: string } };
  Intentos: { HttpStatus: number; Error: string | null }[];
};

/** One test's app and agency, its configuration's receiver paths under /{tag}/. */
type Escenario = {
  tag: string;
  mail: string;
  app: Credenciales;
  call: (method: string, to: string, body?: unknown) => Promise<Response>;
  /** The enquiry delivered while the configuration was valid, and its delivery. */
  sid: string;
  delivered: string;
};

let service: Awaited<ReturnType<typeof startTestServer>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const path = "/v3/appnotificaciones/consultas";

async function enquiry(mail: string): Promise<string> {
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

/** The notifications of the scenario's log, newest first. */
async function deliveries(escenario: Escenario): Promise<Entrega[]> {
  return (await (await escenario.call("GET", `${path}/entregas`)).json())._entries;
}

const deliveredFor = (escenario: Escenario, sid: string) =>
  eventually(async () => (await deliveries(escenario)).find((item) => item.Payload.Datos.Sid === sid && item.Estado === "entregada"));

/** The requests the scenario's receiver paths got, but for the configuration's valid one. */
const sentAfter = (escenario: Escenario) =>
  receiver.received.filter((request) => request.path.startsWith(`/${escenario.tag}/`) && request.path !== `/${escenario.tag}/antes`);

/** An app with a registered agency, a listing and a valid configuration that delivered one enquiry. */
async function escenario(tag: string): Promise<Escenario> {
  const mail = `${tag}@guardado-invalido.test`;
  const app: Credenciales = await operarEn<Credenciales>(service.info, "app.create", { name: `Guardado inválido ${tag}` });
  const call = (method: string, to: string, body?: unknown) => api(service.info, app, method, to, body);
  await registrarAgencia(service.info, app, mail, `Autos ${tag}`);
  const listing = { AppKey: app.AppKey, AdminMail: mail, ExternalId: "GUARDADO-1", Auto: autoDePrueba() };
  expect((await marketplace(service.info, "publicaciones", listing)).status).toBe(201);
  expect((await call("POST", path, { Callback: receiver.url(`/${tag}/antes`) })).status).toBe(201);
  const partial = { tag, mail, app, call, sid: "", delivered: "" };
  const sid = await enquiry(mail);
  return { ...partial, sid, delivered: (await deliveredFor(partial, sid)).Id };
}

/** Rows saved before the rules: CR/LF in the Callback, Transfer-Encoding, a value outside Latin-1. */
const invalidCallback = (escenario: Escenario) => `${receiver.url(`/${escenario.tag}/despues`)}\r\nX-Injected: yes`;

function breakConfigurations(escenarios: Escenario[]) {
  return writeDirectly(service, async (query) => {
    for (const escenario of escenarios) {
      await query(
        `update webhook_configs set callback = $1, header_custom_01 = $2::jsonb, header_custom_02 = $3::jsonb
          where app_id = (select id from apps where app_key = $4)`,
        [
          invalidCallback(escenario),
          JSON.stringify({ Name: "Transfer-Encoding", Value: "chunked" }),
          JSON.stringify({ Name: "X-Precio", Value: "100 €" }),
          escenario.app.AppKey,
        ],
      );
    }
  });
}

const escenarios: Record<string, Escenario> = {};
const ROTOS = ["guardado", "resendwebhook", "prueba", "reintentar", "automatica", "arreglo"];

beforeAll(async () => {
  service = await startTestServer();
  receiver = await startReceiver();
  for (const tag of ["valido", ...ROTOS]) escenarios[tag] = await escenario(tag);
  await breakConfigurations(ROTOS.map((tag) => escenarios[tag] as Escenario));
});

afterAll(async () => {
  await receiver?.close();
  await service?.stop();
});

const de = (tag: string) => escenarios[tag] as Escenario;

describe("a stored configuration that cannot be sent", () => {
  it("a valid configuration delivers the first enquiry", async () => {
    const valido = de("valido");
    const sid = await enquiry(valido.mail);
    const entry = await deliveredFor(valido, sid);
    expect(entry.Intentos).toEqual([expect.objectContaining({ HttpStatus: 200, Error: null })]);
    const hits = receiver.forId(entry.Id);
    expect(hits.map((hit) => hit.path)).toEqual(["/valido/antes"]);
    expect(JSON.parse(hits[0]?.body ?? "{}")).toMatchObject({ Id: entry.Id, Topic: "consultas", Datos: { Sid: sid } });
  });

  it("written as rows saved before the rules: CR/LF in the Callback, Transfer-Encoding, a value outside Latin-1", async () => {
    const guardado = de("guardado");
    const stored = await guardado.call("GET", path);
    expect(stored.status).toBe(200);
    expect(await stored.json()).toMatchObject({
      Callback: invalidCallback(guardado),
      HeaderCustom01: { Name: "Transfer-Encoding", Value: "chunked" },
      HeaderCustom02: { Name: "X-Precio", Value: "100 €" },
    });
  });

  it.each([
    ["resendwebhook", (escenario: Escenario) => `/v3/consultas/${escenario.mail}/${escenario.sid}/resendwebhook`],
    ["prueba", () => `${path}/prueba`],
    ["reintentar", (escenario: Escenario) => `${path}/entregas/${escenario.delivered}/reintentar`],
  ])("%s: 400 with every reason, nothing queued or sent", async (tag, target) => {
    const escenario = de(tag);
    const before = await deliveries(escenario);
    const response = await escenario.call("POST", target(escenario));
    expect(response.status).toBe(400);
    const { Errors } = await response.json();
    expect(Object.keys(Errors)).toEqual(["_"]);
    expect(Errors._).toEqual([
      expect.stringMatching(/^La configuración del tópico consultas no puede enviarse como está guardada: corregila con PUT/),
      expect.stringMatching(/^Callback: .*caracteres de control/),
      expect.stringMatching(/^HeaderCustom01\.Name: .*Transfer-Encoding/),
      expect.stringMatching(/^HeaderCustom02\.Value: .*Latin-1/),
    ]);
    expect(await deliveries(escenario)).toEqual(before);
    expect(sentAfter(escenario)).toEqual([]);
  });

  /** A new enquiry's automatic delivery, once its first attempt has failed. */
  const failedAttempt = (escenario: Escenario, sid: string) =>
    eventually(async () => (await deliveries(escenario)).find((item) => item.Payload.Datos.Sid === sid && item.Intentos.length > 0));

  it("an automatic delivery tries and fails as an attempt, to be retried", async () => {
    const automatica = de("automatica");
    const entry = await failedAttempt(automatica, await enquiry(automatica.mail));
    expect(entry.Intentos[0]).toMatchObject({ HttpStatus: 0, Error: expect.stringMatching(/transfer-encoding/i) });
    expect(["pendiente", "enviando"]).toContain(entry.Estado);
    expect(sentAfter(automatica)).toEqual([]);
  });

  it("a PUT that fixes it: resendwebhook answers 202 with the Callback as sent, and the automatic retry is delivered", async () => {
    const arreglo = de("arreglo");
    const automatic = (await failedAttempt(arreglo, await enquiry(arreglo.mail))).Id;
    const fixed = await arreglo.call("PUT", path, { Callback: receiver.url("/arreglo/despues") });
    expect(fixed.status).toBe(200);
    const resent = await arreglo.call("POST", `/v3/consultas/${arreglo.mail}/${arreglo.sid}/resendwebhook`);
    expect(resent.status).toBe(202);
    expect(resent.headers.get("location")).toBe(receiver.url("/arreglo/despues"));
    const entry = await eventually(async () =>
      (await deliveries(arreglo)).find((item) => item.Id === automatic && item.Estado === "entregada"),
    );
    expect(entry.Intentos.at(-1)).toMatchObject({ HttpStatus: 200, Error: null });
    expect(receiver.forId(automatic).map((hit) => hit.path)).toEqual(["/arreglo/despues"]);
  });
});
