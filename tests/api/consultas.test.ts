import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Credentials, createApp, operar, server } from "../support/client";
import {
  auto,
  call,
  enquiry,
  interesado,
  list,
  market,
  publish,
  registered,
  MARKETPLACE_TOKEN as TOKEN,
  unique,
} from "../support/consultas";
import type { Demo } from "../support/operador";
import { startReceiver } from "../support/receiver";

const REF = "application/vnd.service.ref+json";
const SECRET_A = "secreto-de-consultas-app-a";
const SECRET_B = "secreto-de-consultas-app-b";

type Receiver = Awaited<ReturnType<typeof startReceiver>>;

let appA: Credentials;
let appB: Credentials;
let appC: Credentials;
let receiver: Receiver;

const sidsOf = (body: { _entries: { _links: { self: { href: string } } }[] }) =>
  body._entries.map((entry) => entry._links.self.href.split("/").pop());

function verified(delivery: { body: string; headers: Record<string, unknown> }, secret: string) {
  return new Webhook(Buffer.from(secret).toString("base64")).verify(delivery.body, {
    "webhook-id": String(delivery.headers["webhook-id"]),
    "webhook-timestamp": String(delivery.headers["webhook-timestamp"]),
    "webhook-signature": String(delivery.headers["webhook-signature"]),
  }) as {
    Id: string;
    Topic: string;
    Evento: string;
    Reenvio: boolean;
    Datos: { AdminMail: string; Sid: string; Consulta: Record<string, unknown> };
  };
}

async function deliveriesTo(path: string, sid: string, count = 1, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const hits = receiver.received.filter((entry) => entry.path === path && JSON.parse(entry.body).Datos?.Sid === sid);
    if (hits.length >= count) return hits;
    if (Date.now() > deadline) throw new Error(`No llegaron ${count} notificaciones de ${sid} a ${path}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// The shared agency: attached to A (catalogue shared) and to B (not shared), with a collaborator.
let mail: string;
const colaborador = unique("colaborador");
const sids: Record<"a1" | "a2" | "b1" | "cat", string> = { a1: "", a2: "", b1: "", cat: "" };

beforeAll(async () => {
  receiver = await startReceiver();
  [appA, appB, appC] = await Promise.all([createApp("Consultas A"), createApp("Consultas B"), createApp("Consultas C sin webhook")]);
  for (const [app, path, secret] of [
    [appA, "/a", SECRET_A],
    [appB, "/b", SECRET_B],
  ] as const) {
    expect((await call(app, "POST", "/v3/appnotificaciones/consultas", { Callback: receiver.url(path), Secret: secret })).status).toBe(201);
  }
  mail = await registered([
    [appA, true],
    [appB, false],
  ]);
  await operar("agency.operator", { admin: mail, email: colaborador, nombre: "Luis", apellido: "Gómez" });
  expect((await publish(appA, mail, "A-Auto-1")).status).toBe(201);
  expect((await publish(appB, mail, "B-Auto-1")).status).toBe(201);
  const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
  sids.a1 = await enquiry({ AdminMail: mail, ExternalId: "A-AUTO-1", TipoAnuncio: "publicacion", Momento: hourAgo });
  sids.a2 = await enquiry({
    AdminMail: mail.toUpperCase(),
    ExternalId: "a-auto-1",
    TipoAnuncio: "publicacion",
    OperadorResponsable: colaborador,
  });
  sids.b1 = await enquiry({ AdminMail: mail, ExternalId: "B-Auto-1", TipoAnuncio: "publicacion" });
  sids.cat = await enquiry({ AdminMail: mail, ExternalId: "", TipoAnuncio: "catalogo", Auto: auto("Fiat", "Cronos") });
}, 120_000);

afterAll(async () => {
  await receiver?.close();
});

describe("marketplace ingestion", () => {
  const valid = () => ({
    AdminMail: mail,
    ExternalId: "A-Auto-1",
    TipoAnuncio: "publicacion",
    OrigenLead: "form",
    Interesado: interesado(),
  });

  it("401 ProblemDetails without the Bearer token or with another one", async () => {
    for (const headers of [{}, { Authorization: "Bearer otro-token-cualquiera-123" }, { Authorization: TOKEN }] as Record<
      string,
      string
    >[]) {
      for (const path of ["consultas", "publicaciones"]) {
        const response = await market(path, valid(), headers);
        expect(response.status).toBe(401);
        expect(response.headers.get("content-type")).toBe("application/problem+json; charset=utf-8");
        expect(await response.json()).toMatchObject({ Status: 401, Title: "No autorizado", Instance: `/marketplace/${path}` });
      }
    }
  });

  it("400 field by field with dotted keys", async () => {
    const cases: [Record<string, unknown>, string[]][] = [
      [{}, ["AdminMail", "ExternalId", "TipoAnuncio", "OrigenLead", "Interesado"]],
      [{ ...valid(), TipoAnuncio: "otro" }, ["TipoAnuncio"]],
      [{ ...valid(), Interesado: interesado({ Email: "no-es-mail" }) }, ["Interesado.Email"]],
      [{ ...valid(), Interesado: interesado({ Nombre: "" }) }, ["Interesado.Nombre"]],
      [
        { ...valid(), Interesado: interesado({ InfoOperacion: { EntregaVehiculo: { Marca: "Ford" } } }) },
        ["Interesado.InfoOperacion.EntregaVehiculo.Modelo"],
      ],
      [
        { ...valid(), ExternalId: "", TipoAnuncio: "catalogo", Auto: { ...auto(), Precio: { Moneda: "pesos", Importe: 1 } } },
        ["Auto.Precio.Moneda"],
      ],
      [{ ...valid(), ExternalId: "", TipoAnuncio: "catalogo" }, ["Auto"]],
      [{ ...valid(), TipoAnuncio: "catalogo", Auto: auto() }, ["ExternalId"]],
      [{ ...valid(), ExternalId: "" }, ["ExternalId"]],
      [{ ...valid(), ExternalId: "no-publicada" }, ["ExternalId"]],
      [{ ...valid(), ExternalId: "B-Auto-1", AdminMail: unique("nadie") }, ["AdminMail"]],
      [{ ...valid(), OperadorResponsable: unique("ajeno") }, ["OperadorResponsable"]],
      [{ ...valid(), Momento: "ayer" }, ["Momento"]],
      [{ ...valid(), Momento: new Date(Date.now() + 86_400_000).toISOString() }, ["Momento"]],
    ];
    for (const [body, keys] of cases) {
      const response = await market("consultas", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const problem = await response.json();
      expect(Object.keys(problem.Errors).sort(), JSON.stringify(problem)).toEqual([...keys].sort());
      expect(problem.Title).toBe("Validación de información esperada fallida");
    }
    const publicaciones: [Record<string, unknown>, string[]][] = [
      [{ AppKey: appA.AppKey, AdminMail: mail, ExternalId: "xy", Auto: { ...auto(), Marca: "" } }, ["Auto.Marca"]],
      [{ AppKey: "0".repeat(32), AdminMail: mail, ExternalId: "xy", Auto: auto() }, ["AppKey"]],
      [{ AppKey: appC.AppKey, AdminMail: mail, ExternalId: "xy", Auto: auto() }, ["AdminMail"]],
    ];
    for (const [body, keys] of publicaciones) {
      const response = await market("publicaciones", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys((await response.json()).Errors)).toEqual(keys);
    }
  });

  it("400 under Errors._ for malformed JSON, 415 for another media type", async () => {
    const malformed = await market("consultas", "{no json");
    expect(malformed.status).toBe(400);
    expect(Object.keys((await malformed.json()).Errors)).toEqual(["_"]);
    const wrongType = await fetch(`${server().baseUrl}/marketplace/consultas`, {
      method: "POST",
      headers: { "Content-Type": "text/plain", Authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify(valid()),
    });
    expect(wrongType.status).toBe(415);
  });

  it("stores the enquiry with the listing's Auto, every listed null written out", async () => {
    const response = await call(appA, "GET", `/v3/consultas/${mail}/${sids.a2}`);
    expect(response.status).toBe(200);
    const consulta = await response.json();
    expect(consulta).toMatchObject({
      OrigenLead: "form",
      TipoAnuncio: "publicacion",
      OperadorResponsable: colaborador,
      Auto: { ...auto(), ExternalId: "A-Auto-1" },
      Interesado: {
        ...interesado(),
        Email: "juan.gomez@example.com",
        Telefono: null,
        DocIdentidad: null,
        Provincia: null,
        Ciudad: null,
        InfoOperacion: null,
      },
    });
    expect(Object.keys(consulta)).toEqual([
      "Momento",
      "OrigenLead",
      "TipoAnuncio",
      "Auto",
      "Interesado",
      "OperadorResponsable",
      "Atencion",
      "_links",
    ]);
    expect(consulta.Momento).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-03:00$/);
  });

  it("a Momento a few minutes ahead (a clock that runs fast) is stored as the moment it arrived", async () => {
    const own = await registered([[appA, false]]);
    expect((await publish(appA, own, "A-Adelantada")).status).toBe(201);
    const before = Math.floor(Date.now() / 1_000) * 1_000;
    const sid = await enquiry({
      ...valid(),
      AdminMail: own,
      ExternalId: "A-Adelantada",
      Momento: new Date(Date.now() + 4 * 60_000).toISOString(),
    });
    const after = Date.now();
    const consulta = await (await call(appA, "GET", `/v3/consultas/${own}/${sid}`)).json();
    expect(Date.parse(consulta.Momento)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(consulta.Momento)).toBeLessThanOrEqual(after);
  });
});

describe("GET /v3/consultas/{adminMail}", () => {
  it("the envelope: period in the service zone, Total, PerPagina 50, links, newest first", async () => {
    const { response, body } = await list(appA, mail);
    expect(response.status).toBe(200);
    expect(body.Desde).toMatch(/T00:00:00-03:00$/);
    expect(body.Hasta).toMatch(/-03:00$/);
    expect(body).toMatchObject({ Pagina: 1, Total: 3, PerPagina: 50 });
    expect(sidsOf(body)).toEqual([sids.cat, sids.a2, sids.a1]);
    expect(body._links).toEqual({
      self: { href: `/v3/consultas/${mail}?pagina=1` },
      first: { href: `/v3/consultas/${mail}?pagina=1` },
      last: { href: `/v3/consultas/${mail}?pagina=1` },
      consulta: { href: `/v3/consultas/${mail}/{sid}`, templated: true },
    });
  });

  it("visibility: each app sees its listings; catalogue enquiries only where the agency shares them", async () => {
    expect(sidsOf((await list(appB, mail)).body)).toEqual([sids.b1]);
    await operar("agency.share-catalogo", { admin: mail, app: appB.AppKey, on: true });
    expect(sidsOf((await list(appB, mail)).body)).toEqual([sids.cat, sids.b1]);
    expect((await call(appB, "GET", `/v3/consultas/${mail}/${sids.cat}`)).status).toBe(200);
    await operar("agency.share-catalogo", { admin: mail, app: appB.AppKey, on: false });
    expect(sidsOf((await list(appB, mail)).body)).toEqual([sids.b1]);
    expect((await call(appB, "GET", `/v3/consultas/${mail}/${sids.cat}`)).status).toBe(404);
    expect((await call(appB, "GET", `/v3/consultas/${mail}/${sids.a1}`)).status).toBe(404);
    expect((await call(appA, "GET", `/v3/consultas/${mail}/${sids.b1}`)).status).toBe(404);
  });

  it("an agency detached a moment after its list was read: the next list is 404", async () => {
    const other = await registered([[appC, false]]);
    expect((await list(appC, other)).response.status).toBe(200);
    expect((await call(appC, "PATCH", `/v3/agencias/${other}/desasociar`)).status).toBe(204);
    const { response } = await list(appC, other);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("");
  });

  it("operador: the administrator sees all, a collaborator their own, anyone else is 400", async () => {
    expect((await list(appA, mail, `?operador=${mail.toUpperCase()}`)).body.Total).toBe(3);
    const own = (await list(appA, mail, `?operador=${colaborador}`)).body;
    expect(sidsOf(own)).toEqual([sids.a2]);
    expect(own._links.self.href).toBe(`/v3/consultas/${mail}?operador=${encodeURIComponent(colaborador)}&pagina=1`);
    for (const operador of [unique("ajeno"), "no-es-mail"]) {
      const { response } = await list(appA, mail, `?operador=${operador}`);
      expect(response.status).toBe(400);
      expect(Object.keys((await response.json()).Errors)).toEqual(["operador"]);
    }
  });

  it("externalid: exact and case-insensitive, kept as sent in the links; over 255 characters (a listing's longest) is 400", async () => {
    const { body } = await list(appA, mail, "?externalid=A-AUTO-1");
    expect(sidsOf(body)).toEqual([sids.a2, sids.a1]);
    expect(body._links.self.href).toBe(`/v3/consultas/${mail}?externalid=A-AUTO-1&pagina=1`);
    expect((await list(appA, mail, "?externalid=A-AUTO")).body.Total).toBe(0);
    expect((await list(appA, mail, `?externalid=${"x".repeat(255)}`)).body.Total).toBe(0);
    const { response } = await list(appA, mail, `?externalid=${"x".repeat(256)}`);
    expect(response.status).toBe(400);
    expect(Object.keys((await response.json()).Errors)).toEqual(["externalid"]);
  });

  it("Hasta is never later than now: today's period ends at the moment of the request", async () => {
    const before = Math.floor(Date.now() / 1000) * 1000;
    const { body } = await list(appA, mail);
    const after = Date.now();
    const hasta = Date.parse(body.Hasta);
    expect(hasta).toBeGreaterThanOrEqual(before);
    expect(hasta).toBeLessThanOrEqual(after);
  });

  it("desde and hasta: days in the service zone; limits answer 400 naming the parameter", async () => {
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Argentina/Buenos_Aires" }).format(new Date());
    const shift = (days: number) => {
      const date = new Date(`${today}T00:00:00Z`);
      date.setUTCDate(date.getUTCDate() + days);
      return date.toISOString().slice(0, 10);
    };
    const ok = await list(appA, mail, `?desde=${shift(-90)}&hasta=${today}`);
    expect(ok.response.status).toBe(200);
    expect(ok.body.Desde).toBe(`${shift(-90)}T00:00:00-03:00`);
    const past = await list(appA, mail, `?desde=${shift(-10)}&hasta=${shift(-5)}`);
    expect(past.body).toMatchObject({ Total: 0, Desde: `${shift(-10)}T00:00:00-03:00`, Hasta: `${shift(-5)}T23:59:59-03:00` });
    for (const [query, key] of [
      [`?desde=${shift(-91)}`, "desde"],
      ["?desde=2026-02-30", "desde"],
      ["?desde=ayer", "desde"],
      ["?hasta=20260101", "hasta"],
      [`?desde=${shift(-3)}&hasta=${shift(-4)}`, "hasta"],
      [`?desde=${shift(1)}`, "desde"],
      [`?desde=${shift(1)}&hasta=${shift(2)}`, "desde"],
      ["?pagina=0", "pagina"],
      ["?pagina=100", "pagina"],
      ["?pagina=abc", "pagina"],
      ["?pagina=1.5", "pagina"],
    ]) {
      const { response } = await list(appA, mail, query);
      expect(response.status, query).toBe(400);
      expect(Object.keys((await response.json()).Errors), query).toEqual([key]);
    }
  });

  it("adminMail: 400 when too long or not an e-mail, 404 with no body for an agency the app does not have", async () => {
    for (const bad of [`${"x".repeat(45)}@a.com`, "no-es-mail"]) {
      const response = await call(appA, "GET", `/v3/consultas/${bad}`);
      expect(response.status).toBe(400);
      expect(Object.keys((await response.json()).Errors)).toEqual(["adminMail"]);
    }
    for (const [app, who] of [
      [appA, unique("nadie")],
      [appC, mail],
    ] as const) {
      const response = await call(app, "GET", `/v3/consultas/${who}`);
      expect(response.status).toBe(404);
      expect(await response.text()).toBe("");
    }
  });

  it("the ref form", async () => {
    const { response, body } = await list(appA, mail, "", { Accept: REF });
    expect(response.headers.get("content-type")).toBe(`${REF}; charset=utf-8`);
    expect(body).toMatchObject({ Total: 3, PerPagina: 50 });
    expect(body._entries[0]).toEqual({ href: `/v3/consultas/${mail}/${sids.cat}`, title: "Juan Gómez: Fiat Cronos" });
  });

  it("pages of 50 with links that keep the filters; a page past the end is empty", async () => {
    const other = await registered([[appA, false]]);
    expect((await publish(appA, other, "PAG-1")).status).toBe(201);
    const created: string[] = [];
    for (let batch = 0; batch < 11; batch++) {
      const momentos = Array.from({ length: 5 }, (_, index) => new Date(Date.now() - (batch * 5 + index + 1) * 60_000).toISOString());
      created.push(
        ...(await Promise.all(
          momentos.map((Momento) => enquiry({ AdminMail: other, ExternalId: "PAG-1", TipoAnuncio: "publicacion", Momento })),
        )),
      );
    }
    const filters = "externalid=pag-1";
    const first = (await list(appA, other, `?${filters}`)).body;
    expect(first).toMatchObject({ Total: 55, Pagina: 1 });
    expect(sidsOf(first)).toEqual(created.slice(0, 50));
    expect(first._links.next).toEqual({ href: `/v3/consultas/${other}?${filters}&pagina=2` });
    expect(first._links.last).toEqual({ href: `/v3/consultas/${other}?${filters}&pagina=2` });
    expect(first._links.prev).toBeUndefined();
    const second = (await list(appA, other, `?${filters}&pagina=2`)).body;
    expect(sidsOf(second)).toEqual(created.slice(50));
    expect(second._links.prev).toEqual({ href: `/v3/consultas/${other}?${filters}&pagina=1` });
    expect(second._links.next).toBeUndefined();
    const beyond = (await list(appA, other, `?${filters}&pagina=7`)).body;
    expect(beyond).toMatchObject({ Total: 55, Pagina: 7, PerPagina: 50, _entries: [] });
    expect(beyond.Desde).toBe(first.Desde);
  });

  it("links stop at page 99, the last pagina may name, while Total counts every enquiry of the period", async () => {
    const seeded = await operar<Demo>("seed.demo", { consultas: 15000 });
    const demo = await operar<Credentials>("app.rotate-secret", { app: seeded.AppKey });
    const [agency] = seeded.Agencias as string[];
    const first = (await list(demo, agency as string)).body;
    expect(first.Total).toBeGreaterThan(99 * 50);
    expect(first._links.last).toEqual({ href: `/v3/consultas/${agency}?pagina=99` });
    const last = (await list(demo, agency as string, "?pagina=99")).body;
    expect(last._entries).toHaveLength(50);
    expect(last._links.next).toBeUndefined();
    expect(last._links.prev).toEqual({ href: `/v3/consultas/${agency}?pagina=98` });
  }, 120_000);
});

describe("GET /v3/consultas/{adminMail}/{sid}", () => {
  it("the entry with links agencia, resendwebhook and its listing, and the ref form", async () => {
    const response = await call(appA, "GET", `/v3/consultas/${mail}/${sids.a1}`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body._links).toEqual({
      self: { href: `/v3/consultas/${mail}/${sids.a1}` },
      agencia: { href: `/v3/agencias/${mail}` },
      atencion: { href: `/v3/consultas/${mail}/${sids.a1}/atencion` },
      resendwebhook: { href: `/v3/consultas/${mail}/${sids.a1}/resendwebhook` },
      publicacion: { href: `/v3/publicaciones/${mail}/A-Auto-1` },
    });
    const ref = await (await call(appA, "GET", `/v3/consultas/${mail}/${sids.a1}`, undefined, { Accept: REF })).json();
    expect(ref).toEqual({ href: `/v3/consultas/${mail}/${sids.a1}`, title: "Juan Gómez: Toyota Corolla" });
  });

  it("400 for a sid out of 20..30 characters; 404 with no body for an unknown enquiry or agency", async () => {
    for (const sid of ["corto", "x".repeat(31)]) {
      const response = await call(appA, "GET", `/v3/consultas/${mail}/${sid}`);
      expect(response.status).toBe(400);
      expect(Object.keys((await response.json()).Errors)).toEqual(["sid"]);
    }
    for (const path of [`/v3/consultas/${mail}/01ARZ3NDEKTSV4RRFFQ69G5FAV`, `/v3/consultas/${unique("nadie")}/${sids.a1}`]) {
      const response = await call(appA, "GET", path);
      expect(response.status).toBe(404);
      expect(await response.text()).toBe("");
    }
  });

  it("read again unchanged: the same body and ETag, 304 to If-None-Match; detached a moment after, 404 at once", async () => {
    const other = await registered([[appC, true]]);
    const sid = await enquiry({ AdminMail: other, ExternalId: "", TipoAnuncio: "catalogo", Auto: auto("Fiat", "Cronos") });
    const path = `/v3/consultas/${other}/${sid}`;
    const first = await call(appC, "GET", path);
    const again = await call(appC, "GET", path);
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(await again.json()).toEqual(await first.json());
    expect((await call(appC, "GET", path, undefined, { "If-None-Match": first.headers.get("etag") ?? "" })).status).toBe(304);
    expect((await call(appC, "PATCH", `/v3/agencias/${other}/desasociar`)).status).toBe(204);
    const detached = await call(appC, "GET", path);
    expect(detached.status).toBe(404);
    expect(await detached.text()).toBe("");
  });
});

describe("consultas webhooks", () => {
  it("the enquiry arrives, signed, at each app that sees it", async () => {
    const [delivery] = await deliveriesTo("/a", sids.a1);
    const body = verified(delivery as never, SECRET_A);
    expect(delivery?.headers["notification-topic"]).toBe("consultas");
    expect(body).toMatchObject({
      Topic: "consultas",
      Evento: "consulta.recibida",
      Reenvio: false,
      Datos: { AdminMail: mail, Sid: sids.a1 },
    });
    expect(body.Datos.Consulta).toMatchObject({ TipoAnuncio: "publicacion", Auto: { ExternalId: "A-Auto-1" } });
    const [toB] = await deliveriesTo("/b", sids.b1);
    expect(verified(toB as never, SECRET_B).Datos.Sid).toBe(sids.b1);
    // The catalogue enquiry reached A (shared at registration) and not B.
    await deliveriesTo("/a", sids.cat);
    expect(receiver.received.filter((entry) => entry.path === "/b" && JSON.parse(entry.body).Datos?.Sid === sids.cat)).toEqual([]);
    expect(receiver.received.filter((entry) => entry.path === "/b" && JSON.parse(entry.body).Datos?.Sid === sids.a1)).toEqual([]);
  });

  it("resendwebhook: 202 with the payload and Location = Callback; a new Notification-Hook-ID with Reenvio true", async () => {
    const [original] = await deliveriesTo("/a", sids.a1);
    const response = await call(appA, "POST", `/v3/consultas/${mail}/${sids.a1}/resendwebhook`);
    expect(response.status).toBe(202);
    expect(response.headers.get("location")).toBe(receiver.url("/a"));
    const payload = await response.json();
    expect(payload).toMatchObject({
      Topic: "consultas",
      Evento: "consulta.recibida",
      Reenvio: true,
      Datos: { AdminMail: mail, Sid: sids.a1 },
    });
    expect(payload.Id).not.toBe(original?.headers["notification-hook-id"]);
    const [resent] = await receiver.waitFor(payload.Id);
    expect(resent?.headers["notification-hook-id"]).toBe(payload.Id);
    expect(verified(resent as never, SECRET_A)).toMatchObject({ Id: payload.Id, Reenvio: true });
  });

  it("resendwebhook: 403 for an agency the app does not have, 404 for an enquiry it does not see, 400 with no active configuration or too old", async () => {
    const pending = unique("pendiente");
    expect((await call(appA, "POST", "/v3/agencias", { AdminMail: pending })).status).toBe(202);
    for (const [app, agency] of [
      [appA, unique("nadie")],
      [appC, mail],
      [appA, pending],
    ] as const) {
      const forbidden = await call(app, "POST", `/v3/consultas/${agency}/${sids.a1}/resendwebhook`);
      expect(forbidden.status, agency).toBe(403);
      expect(await forbidden.json()).toMatchObject({ Status: 403, Title: "Operación prohibida" });
    }
    const missing = await call(appA, "POST", `/v3/consultas/${mail}/${sids.b1}/resendwebhook`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe("");
    const badSid = await call(appA, "POST", `/v3/consultas/${mail}/corto/resendwebhook`);
    expect(badSid.status).toBe(400);

    const old = await enquiry({
      AdminMail: mail,
      ExternalId: "A-Auto-1",
      TipoAnuncio: "publicacion",
      Momento: new Date(Date.now() - 91 * 24 * 3_600_000).toISOString(),
    });
    const tooOld = await call(appA, "POST", `/v3/consultas/${mail}/${old}/resendwebhook`);
    expect(tooOld.status).toBe(400);
    expect(Object.keys((await tooOld.json()).Errors)).toEqual(["_"]);

    const agencyC = await registered([[appC, false]]);
    expect((await publish(appC, agencyC, "C-1")).status).toBe(201);
    const sid = await enquiry({ AdminMail: agencyC, ExternalId: "C-1", TipoAnuncio: "publicacion" });
    const unconfigured = await call(appC, "POST", `/v3/consultas/${agencyC}/${sid}/resendwebhook`);
    expect(unconfigured.status).toBe(400);
    expect(Object.keys((await unconfigured.json()).Errors)).toEqual(["_"]);

    const inactive = { Callback: receiver.url("/c"), Activo: false };
    expect((await call(appC, "POST", "/v3/appnotificaciones/consultas", inactive)).status).toBe(201);
    const whileInactive = await call(appC, "POST", `/v3/consultas/${agencyC}/${sid}/resendwebhook`);
    expect(whileInactive.status).toBe(400);
    expect(Object.keys((await whileInactive.json()).Errors)).toEqual(["_"]);
    expect((await call(appC, "PUT", "/v3/appnotificaciones/consultas", { ...inactive, Activo: true })).status).toBe(200);
    const active = await call(appC, "POST", `/v3/consultas/${agencyC}/${sid}/resendwebhook`);
    expect(active.status).toBe(202);
    expect(active.headers.get("location")).toBe(receiver.url("/c"));
  });
});
