import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Credentials, createApp } from "../support/client";
import { auto, call, enquiry, interesado, publish, registered } from "../support/consultas";
import { eventually, startReceiver } from "../support/receiver";

/**
 * An enquiry's history (issue 34, part 4; decision 0108): GET …/{sid}/historial after the ingestion,
 * marks, an unmark and a resend, with each notification's delivery; the delivery log filtered by sid
 * (0109); another app sees none of it.
 */

type Evento = { Tipo: string; Momento: string; Por: string | null; Notificacion: string | null };
type Notificacion = { Id: string; Reenvio: boolean; Estado: string; Intentos: number; UltimoIntento: { HttpStatus: number } | null };
type Historial = { Sid: string; Eventos: Evento[]; Notificaciones: Notificacion[]; _links: Record<string, { href: string }> };
type Entregas = { Total: number; _entries: { Id: string; Payload: { Datos: { Sid: string } } }[]; _links: { self: { href: string } } };

let appA: Credentials;
let appB: Credentials;
let mail: string;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const tag = Math.random().toString(36).slice(2, 8);
const sids = { historial: "", otra: "", deB: "" };

const historial = (app: Credentials, sid: string, agency = mail) => call(app, "GET", `/v3/consultas/${agency}/${sid}/historial`);
const leer = async (app: Credentials, sid: string) => {
  const response = await historial(app, sid);
  expect(response.status).toBe(200);
  return (await response.json()) as Historial;
};
const mark = async (sid: string, Atendida: boolean, Por: string) =>
  expect((await call(appA, "PUT", `/v3/consultas/${mail}/${sid}/atencion`, { Atendida, Por })).status).toBe(200);
const entregas = async (app: Credentials, query: string) => {
  const response = await call(app, "GET", `/v3/appnotificaciones/consultas/entregas${query}`);
  return { status: response.status, body: (await response.json()) as Entregas };
};

beforeAll(async () => {
  receiver = await startReceiver({ "/hooks": () => ({ status: 200, body: "ok" }) });
  [appA, appB] = await Promise.all([createApp("Historial A"), createApp("Historial B")]);
  for (const app of [appA, appB]) {
    expect((await call(app, "POST", "/v3/appnotificaciones/consultas", { Callback: receiver.url("/hooks") })).status).toBe(201);
  }
  mail = await registered([
    [appA, true],
    [appB, true],
  ]);
  expect((await publish(appA, mail, `A-${tag}`)).status).toBe(201);
  expect((await publish(appB, mail, `B-${tag}`)).status).toBe(201);
  const buyer = interesado({ Apellido: `Historia${tag}` });
  sids.historial = await enquiry({
    AdminMail: mail,
    ExternalId: "",
    TipoAnuncio: "catalogo",
    Auto: auto("Fiat", "Cronos"),
    Interesado: buyer,
  });
  sids.otra = await enquiry({ AdminMail: mail, ExternalId: `A-${tag}`, TipoAnuncio: "publicacion", Interesado: buyer });
  sids.deB = await enquiry({ AdminMail: mail, ExternalId: `B-${tag}`, TipoAnuncio: "publicacion", Interesado: buyer });
}, 120_000);

afterAll(async () => {
  await receiver?.close();
});

describe("GET /v3/consultas/{adminMail}/{sid}/historial", () => {
  it("received, each change of the mark with who, the resend, and every notification with its delivery", async () => {
    const recibida = await leer(appA, sids.historial);
    expect(recibida.Sid).toBe(sids.historial);
    expect(recibida.Eventos).toEqual([{ Tipo: "recibida", Momento: expect.any(String), Por: null, Notificacion: null }]);

    await mark(sids.historial, true, "Lucia@Agencia.test");
    await mark(sids.historial, true, "otra@agencia.test"); // the same state: no change, not in the history
    await mark(sids.historial, false, "soporte@partner.test");
    const reenvio = await call(appA, "POST", `/v3/consultas/${mail}/${sids.historial}/resendwebhook`);
    expect(reenvio.status).toBe(202);
    const { Id: reenviada } = (await reenvio.json()) as { Id: string };

    const completo = await eventually(async () => {
      const leido = await leer(appA, sids.historial);
      return leido.Notificaciones.length === 2 && leido.Notificaciones.every((n) => n.Estado === "entregada") ? leido : undefined;
    });
    expect(completo.Eventos.map(({ Tipo, Por, Notificacion }) => ({ Tipo, Por, Notificacion }))).toEqual([
      { Tipo: "recibida", Por: null, Notificacion: null },
      { Tipo: "atendida", Por: "lucia@agencia.test", Notificacion: null },
      { Tipo: "desatendida", Por: "soporte@partner.test", Notificacion: null },
      { Tipo: "reenviada", Por: null, Notificacion: reenviada },
    ]);
    const momentos = completo.Eventos.map((evento) => Date.parse(evento.Momento));
    expect(momentos).toEqual([...momentos].sort((a, b) => a - b));
    const [original, segunda] = completo.Notificaciones;
    expect(original).toMatchObject({ Reenvio: false, Estado: "entregada", Intentos: 1, UltimoIntento: { HttpStatus: 200 } });
    expect(segunda).toMatchObject({ Id: reenviada, Reenvio: true, Estado: "entregada" });
    expect(completo._links).toEqual({
      self: { href: `/v3/consultas/${mail}/${sids.historial}/historial` },
      consulta: { href: `/v3/consultas/${mail}/${sids.historial}` },
      entregas: { href: `/v3/appnotificaciones/consultas/entregas?sid=${sids.historial}` },
    });
    const enLog = await call(appA, "GET", (segunda as unknown as { _links: { self: { href: string } } })._links.self.href);
    expect(enLog.status).toBe(200);
  });

  it("another app sees its own history of a shared enquiry, and a 404 for one it does not see", async () => {
    const deB = await leer(appB, sids.historial);
    expect(deB.Eventos.map((evento) => evento.Tipo)).toEqual(["recibida"]);
    expect(deB.Notificaciones.map((n) => n.Reenvio)).toEqual([false]);
    const deA = await leer(appA, sids.historial);
    expect(deB.Notificaciones[0]?.Id).not.toBe(deA.Notificaciones[0]?.Id);
    expect((await historial(appA, sids.deB)).status).toBe(404);
    expect((await historial(appB, sids.otra)).status).toBe(404);
  });

  it("404 for an unknown sid or agency; 400 naming a sid that is not one", async () => {
    expect((await historial(appA, "01ARZ3NDEKTSV4RRFFQ69G5FAV")).status).toBe(404);
    expect((await historial(appA, sids.historial, "nadie@agencia.test")).status).toBe(404);
    const invalido = await historial(appA, "corto");
    expect(invalido.status).toBe(400);
    expect(Object.keys((await invalido.json()).Errors)).toEqual(["sid"]);
  });
});

describe("GET /v3/appnotificaciones/consultas/entregas?sid=", () => {
  it("lists only that enquiry's notifications, and keeps sid in its links", async () => {
    await eventually(async () => ((await leer(appA, sids.otra)).Notificaciones.length === 1 ? true : undefined));
    const { status, body } = await entregas(appA, `?sid=${sids.historial}`);
    expect(status).toBe(200);
    expect(body.Total).toBe(2);
    expect(body._entries.map((entrada) => entrada.Payload.Datos.Sid)).toEqual([sids.historial, sids.historial]);
    expect(body._links.self.href).toBe(`/v3/appnotificaciones/consultas/entregas?sid=${sids.historial}&pagina=1`);
    expect((await entregas(appA, `?sid=${sids.otra}`)).body.Total).toBe(1);
    expect((await entregas(appB, `?sid=${sids.otra}`)).body.Total).toBe(0);
    expect((await entregas(appA, "?sid=01ARZ3NDEKTSV4RRFFQ69G5FAV")).body.Total).toBe(0);
  });

  it("400 naming sid when it is too short", async () => {
    const { status, body } = await entregas(appA, "?sid=x");
    expect(status).toBe(400);
    expect(Object.keys((body as unknown as { Errors: object }).Errors)).toEqual(["sid"]);
  });
});
