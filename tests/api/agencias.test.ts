import { Webhook } from "standardwebhooks";
import { beforeAll, describe, expect, it } from "vitest";
import { admin, type Credentials, createApp, server, signedFetch } from "../support/client";
import { eventually, startReceiver } from "../support/receiver";
import { invitationLink, invitationMails, registroValido } from "../support/registro";

let appA: Credentials;
let appB: Credentials;
const REF = "application/vnd.service.ref+json";

beforeAll(async () => {
  [appA, appB] = await Promise.all([createApp("Autos del Centro"), createApp("Otra App")]);
});

const unique = (name: string) => `${name}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@agencia.test`;

const call = (app: Credentials, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  signedFetch(app, method, path, {
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: body === undefined ? headers : { "Content-Type": "application/json", ...headers },
  });

const invite = (app: Credentials, body: unknown) => call(app, "POST", "/v3/agencias", body);

const tokenPath = (link: string) => new URL(link).pathname;

const registro = registroValido;

const register = (link: string, body: unknown = registro) =>
  fetch(`${server().baseUrl}${tokenPath(link)}/aceptar`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });

/** An agency invited by app A and registered through the JSON endpoint. */
async function registered(mail = unique("reg")) {
  expect((await invite(appA, { AdminMail: mail })).status).toBe(202);
  const link = await invitationLink(mail);
  const response = await register(link);
  expect(response.status).toBe(200);
  return { mail, link };
}

describe("POST /v3/agencias", () => {
  it("202 with Location, and a Spanish e-mail with the app's name and a single-use link", async () => {
    const mail = unique("Nueva").replace("nueva", "NUEVA");
    const response = await invite(appA, { AdminMail: mail, Nombre: "Nueva Agencia", Telefono: "0351 555-0000" });
    expect(response.status).toBe(202);
    expect(response.headers.get("location")).toBe(`/v3/agencias/${mail.toLowerCase()}`);
    expect(await response.text()).toBe("");
    const link = await invitationLink(mail.toLowerCase());
    expect(link.startsWith(`${server().baseUrl}/registro/`)).toBe(true);
    const token = tokenPath(link).split("/")[2] as string;
    expect(Buffer.from(token, "base64url").length).toBeGreaterThanOrEqual(16);
    const [message] = await invitationMails(mail);
    expect(message?.Asunto).toContain("Autos del Centro");
    expect(message?.Html).toContain("Autos del Centro");
    expect(message?.Html).toContain(link);
    expect(message?.Texto).toContain("vence");
  });

  it("400 naming the field for a bad body", async () => {
    for (const [body, key] of [
      [{}, "AdminMail"],
      [{ AdminMail: "no-es-mail" }, "AdminMail"],
      [{ AdminMail: `${"x".repeat(45)}@a.com` }, "AdminMail"],
      [{ AdminMail: unique("t"), Telefono: "12" }, "Telefono"],
      [{ AdminMail: unique("n"), Nombre: "x".repeat(101) }, "Nombre"],
    ] as const) {
      const response = await invite(appA, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.headers.get("content-type")).toBe("application/problem+json; charset=utf-8");
      const problem = await response.json();
      expect(Object.keys(problem.Errors)).toEqual([key]);
      expect(problem.Title).toBe("Validación de información esperada fallida");
    }
  });

  it("409 for a registered address, from this app and from another, saying nothing about apps", async () => {
    const { mail } = await registered();
    for (const app of [appA, appB]) {
      const response = await invite(app, { AdminMail: mail.toUpperCase() });
      expect(response.status).toBe(409);
      const problem = await response.json();
      expect(problem).toMatchObject({ Status: 409, Title: "Entidad duplicada", Errors: { AdminMail: ["El e-mail ya está registrado."] } });
      expect(JSON.stringify(problem)).not.toContain("Autos del Centro");
    }
  });

  it("re-invites a pending invitation: a new e-mail, and the old link stops working (410)", async () => {
    const mail = unique("pend");
    await invite(appA, { AdminMail: mail });
    const first = await invitationLink(mail);
    expect((await invite(appA, { AdminMail: mail })).status).toBe(202);
    const second = await invitationLink(mail, first);
    expect(second).not.toBe(first);
    expect((await fetch(first)).status).toBe(410);
    expect((await register(first)).status).toBe(410);
    expect((await fetch(second)).status).toBe(200);
  });
});

describe("GET /v3/agencias/{adminMail}, OPTIONS", () => {
  it("200 pendiente for the inviting app, 404 for another; OPTIONS 204 with Allow and Agencia-Estado", async () => {
    const mail = unique("get");
    await invite(appA, { AdminMail: mail, Nombre: "Agencia Get" });
    const response = await call(appA, "GET", `/v3/agencias/${mail.toUpperCase()}`);
    expect(response.status).toBe(200);
    const agencia = await response.json();
    expect(agencia).toMatchObject({ AdminMail: mail, Nombre: "Agencia Get", Estado: "pendiente", Registrada: null, Operadores: [] });
    expect(agencia.Invitada).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
    expect(agencia._links).toEqual({
      self: { href: `/v3/agencias/${mail}` },
      productos: { href: `/v3/agencias/${mail}/productos` },
      consultas: { href: `/v3/consultas/${mail}` },
      desasociar: { href: `/v3/agencias/${mail}/desasociar` },
    });
    const ref = await (await call(appA, "GET", `/v3/agencias/${mail}`, undefined, { Accept: REF })).json();
    expect(ref).toEqual({ href: `/v3/agencias/${mail}`, title: `Agencia Get (${mail})` });
    const options = await call(appA, "OPTIONS", `/v3/agencias/${mail}`);
    expect(options.status).toBe(204);
    expect(options.headers.get("agencia-estado")).toBe("pendiente");
    expect(options.headers.get("allow")).toBe("GET, HEAD, OPTIONS");

    const other = await call(appB, "GET", `/v3/agencias/${mail}`);
    expect(other.status).toBe(404);
    expect(await other.text()).toBe("");
    expect((await call(appB, "OPTIONS", `/v3/agencias/${mail}`)).status).toBe(404);
    expect((await call(appA, "GET", `/v3/agencias/${unique("nadie")}`)).status).toBe(404);
  });

  it("registered: 200 registrada with the administrator, ref title without a name, OPTIONS allows PUT", async () => {
    const before = Date.now();
    const { mail } = await registered();
    const agencia = await (await call(appA, "GET", `/v3/agencias/${mail}`)).json();
    expect(agencia).toMatchObject({
      Estado: "registrada",
      Nombre: "Autos Córdoba",
      Region: "Córdoba",
      Ciudad: "Villa María",
      Telefono: "+54 351 555-0101",
      Operadores: [{ Email: mail, Nombre: "Ana", Apellido: "Pérez", EsAdministrador: true }],
    });
    // Registered during this test (the API's times are to the second).
    expect(Date.parse(agencia.Registrada)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(agencia.Registrada)).toBeLessThanOrEqual(Date.now());
    const options = await call(appA, "OPTIONS", `/v3/agencias/${mail}`);
    expect(options.headers.get("allow")).toBe("GET, HEAD, PUT, OPTIONS");
    expect(options.headers.get("agencia-estado")).toBe("registrada");
    expect((await call(appA, "HEAD", `/v3/agencias/${mail}`)).status).toBe(200);
  });

  it("400 naming adminMail when it is over 50 characters or not an e-mail, before any lookup", async () => {
    for (const bad of [`${"a".repeat(45)}@b.com`, "no-es-mail"]) {
      for (const [method, suffix] of [
        ["GET", ""],
        ["PUT", ""],
        ["PATCH", "/desasociar"],
        ["GET", "/productos"],
      ] as const) {
        const response = await call(appA, method, `/v3/agencias/${bad}${suffix}`, method === "PUT" ? {} : undefined);
        expect(response.status, `${method} ${bad}${suffix}`).toBe(400);
        expect(Object.keys((await response.json()).Errors)).toEqual(["adminMail"]);
      }
    }
  });
});

describe("GET /v3/agencias", () => {
  it("registered agencies of the app only; estado extension; operador filter; ref form; 400", async () => {
    const { mail } = await registered();
    const pending = unique("lista");
    await invite(appA, { AdminMail: pending });
    const list = await (await call(appA, "GET", "/v3/agencias")).json();
    const mails = list._entries.map((entry: { AdminMail: string }) => entry.AdminMail);
    expect(mails).toContain(mail);
    expect(mails).not.toContain(pending);
    expect(list._links.self).toEqual({ href: "/v3/agencias" });

    const pendientes = await (await call(appA, "GET", "/v3/agencias?estado=pendiente")).json();
    expect(pendientes._entries.map((entry: { AdminMail: string }) => entry.AdminMail)).toContain(pending);
    expect(pendientes._links.self).toEqual({ href: "/v3/agencias?estado=pendiente" });

    const byOperator = await (await call(appA, "GET", `/v3/agencias?operador=${mail.toUpperCase()}`)).json();
    expect(byOperator._entries.map((entry: { AdminMail: string }) => entry.AdminMail)).toEqual([mail]);
    expect((await (await call(appA, "GET", `/v3/agencias?operador=${unique("x")}`)).json())._entries).toEqual([]);

    const refs = await (await call(appA, "GET", "/v3/agencias", undefined, { Accept: REF })).json();
    expect(refs._entries).toContainEqual({ href: `/v3/agencias/${mail}`, title: `Autos Córdoba (${mail})` });

    const other = await (await call(appB, "GET", "/v3/agencias")).json();
    expect(other._entries.map((entry: { AdminMail: string }) => entry.AdminMail)).not.toContain(mail);

    for (const query of ["operador=no-es-mail", "estado=otra"]) {
      const response = await call(appA, "GET", `/v3/agencias?${query}`);
      expect(response.status).toBe(400);
      expect(Object.keys((await response.json()).Errors)).toEqual([query.split("=")[0]]);
    }
  });

  it("agency operator (CLI) adds a collaborator found by the operador filter", async () => {
    const { mail } = await registered();
    const colaborador = unique("colab");
    await admin("agency", "operator", "--admin", mail, "--email", colaborador, "--nombre", "Luis", "--apellido", "Gómez");
    const list = await (await call(appA, "GET", `/v3/agencias?operador=${colaborador}`)).json();
    expect(list._entries).toHaveLength(1);
    expect(list._entries[0].Operadores).toContainEqual({ Email: colaborador, Nombre: "Luis", Apellido: "Gómez", EsAdministrador: false });
  });

  it("agency share-catalogo (CLI) switches catalogue enquiries for an attached app only", async () => {
    const { mail } = await registered();
    const off = JSON.parse(await admin("agency", "share-catalogo", "--admin", mail, "--app", appA.AppKey, "--off", "--json"));
    expect(off).toEqual({ AdminMail: mail, AppKey: appA.AppKey, CompartirConsultasCatalogo: false });
    await expect(admin("agency", "share-catalogo", "--admin", mail, "--app", appB.AppKey, "--on")).rejects.toThrow(/no está asociada/);
  });
});

describe("PUT /v3/agencias/{adminMail}", () => {
  it("200 for a registered agency, best-matching Region and Ciudad; absent fields become null", async () => {
    const { mail } = await registered();
    const response = await call(appA, "PUT", `/v3/agencias/${mail}`, {
      Nombre: "Autos Rosario",
      Region: "santa fe",
      Ciudad: "rosari",
      WhatsApp: "+5493415550000",
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      Nombre: "Autos Rosario",
      Region: "Santa Fe",
      Ciudad: "Rosario",
      WhatsApp: "+5493415550000",
      Telefono: null,
      Direccion: null,
    });
    const ref = await call(appA, "PUT", `/v3/agencias/${mail}`, { Nombre: "Otra" }, { Accept: REF });
    expect(await ref.json()).toEqual({ href: `/v3/agencias/${mail}`, title: `Otra (${mail})` });
  });

  it("400 for a bad body or an unmatched Region/Ciudad", async () => {
    const { mail } = await registered();
    for (const [body, key] of [
      [{ WhatsApp: "12345" }, "WhatsApp"],
      [{ Region: "xyzzyq" }, "Region"],
      [{ Region: "cordoba", Ciudad: "qwxzv" }, "Ciudad"],
      [{ Ciudad: "Rosario" }, "Ciudad"],
      [{ Direccion: "x".repeat(201) }, "Direccion"],
    ] as const) {
      const response = await call(appA, "PUT", `/v3/agencias/${mail}`, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys((await response.json()).Errors)).toEqual([key]);
    }
  });

  it("403 for pending, unknown and another app's agencies (detached: see desasociar)", async () => {
    const pending = unique("put");
    await invite(appA, { AdminMail: pending });
    const { mail } = await registered();
    const cases: [Credentials, string][] = [
      [appA, pending],
      [appA, unique("nadie")],
      [appB, mail],
    ];
    for (const [app, target] of cases) {
      const response = await call(app, "PUT", `/v3/agencias/${target}`, { Nombre: "X" });
      expect(response.status, target).toBe(403);
      expect(await response.json()).toMatchObject({ Status: 403, Title: "Operación prohibida" });
    }
  });
});

describe("GET /v3/agencias/{adminMail}/productos and agency plan", () => {
  it("200 for a registered agency, with the plan set by the CLI; 404 for pending, unknown and other apps", async () => {
    const { mail } = await registered();
    const empty = await (await call(appA, "GET", `/v3/agencias/${mail}/productos`)).json();
    expect(empty).toMatchObject({ Plan: null, Estado: "sin-plan", Publicaciones: { Contratadas: 0, Activas: 0, Disponibles: 0 } });
    await admin(
      "agency",
      "plan",
      "--admin",
      mail,
      "--plan",
      "Concesionaria Plus",
      "--estado",
      "activo",
      "--desde",
      "2026-01-01",
      "--hasta",
      "2026-12-31",
      "--publicaciones",
      "50",
    );
    const productos = await (await call(appA, "GET", `/v3/agencias/${mail}/productos`)).json();
    expect(productos).toEqual({
      Plan: "Concesionaria Plus",
      Estado: "activo",
      VigenteDesde: "2026-01-01",
      VigenteHasta: "2026-12-31",
      Publicaciones: { Contratadas: 50, Activas: 0, Disponibles: 50 },
      Exposiciones: { Alta: { Contratadas: 0, Usadas: 0 }, Media: { Contratadas: 0, Usadas: 0 }, Baja: { Contratadas: 0, Usadas: 0 } },
      _links: { self: { href: `/v3/agencias/${mail}/productos` }, agencia: { href: `/v3/agencias/${mail}` } },
    });
    expect((await call(appA, "GET", `/v3/agencias/${mail}/productos`, undefined, { Accept: REF })).status).toBe(406);
    const pending = unique("prod");
    await invite(appA, { AdminMail: pending });
    for (const [app, target] of [
      [appA, pending],
      [appA, unique("nadie")],
      [appB, mail],
    ] as const) {
      const response = await call(app, "GET", `/v3/agencias/${target}/productos`);
      expect(response.status).toBe(404);
      expect(await response.text()).toBe("");
    }
  });
});

describe("PATCH /v3/agencias/{adminMail}/desasociar", () => {
  it("204; then GET 404, PUT 403, PATCH 403; another app gets 403; re-invite and accepting again re-attach the account as it is", async () => {
    const { mail } = await registered();
    expect((await call(appB, "PATCH", `/v3/agencias/${mail}/desasociar`)).status).toBe(403);
    const detached = await call(appA, "PATCH", `/v3/agencias/${mail}/desasociar`);
    expect(detached.status).toBe(204);
    expect((await call(appA, "GET", `/v3/agencias/${mail}`)).status).toBe(404);
    expect((await call(appA, "GET", `/v3/agencias/${mail}/productos`)).status).toBe(404);
    expect((await call(appA, "PUT", `/v3/agencias/${mail}`, { Nombre: "X" })).status).toBe(403);
    const again = await call(appA, "PATCH", `/v3/agencias/${mail}/desasociar`);
    expect(again.status).toBe(403);
    expect(await again.json()).toMatchObject({ Status: 403, Title: "Operación prohibida" });
    expect((await call(appA, "GET", "/v3/agencias")).ok).toBe(true);

    // Another app still gets 409 for the registered address; the app that detached it may invite again.
    expect((await invite(appB, { AdminMail: mail })).status).toBe(409);
    const before = await invitationLink(mail);
    expect((await invite(appA, { AdminMail: mail })).status).toBe(202);
    const link = await invitationLink(mail, before);
    expect(await (await call(appA, "GET", `/v3/agencias/${mail}`)).json()).toMatchObject({
      Estado: "pendiente",
      Nombre: null,
      Operadores: [],
    });
    expect(await (await fetch(link)).text()).toContain("Conectá tu agencia con Autos del Centro");
    expect((await register(link, { ...registro, Nombre: "Autos de Nuevo" })).status).toBe(200);
    expect(await (await call(appA, "GET", `/v3/agencias/${mail}`)).json()).toMatchObject({
      Estado: "registrada",
      Nombre: "Autos Córdoba",
    });
  });
});

describe("POST /registro/{token}/aceptar and the registration pages", () => {
  it("JSON: 400 with the fields, 200, then 410; unknown token 404", async () => {
    const mail = unique("json");
    await invite(appA, { AdminMail: mail });
    const link = await invitationLink(mail);
    const bad = await register(link, { ...registro, Password: "corta", Region: "", Telefono: "1" });
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()).Errors).sort()).toEqual(["Password", "Region", "Telefono"]);
    const unmatched = await register(link, { ...registro, Ciudad: "zzzqqxx" });
    expect(unmatched.status).toBe(400);
    expect(Object.keys((await unmatched.json()).Errors)).toEqual(["Ciudad"]);
    const done = await register(link);
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ AdminMail: mail, Estado: "registrada" });
    const gone = await register(link);
    expect(gone.status).toBe(410);
    expect((await gone.json()).Status).toBe(410);
    expect((await fetch(link)).status).toBe(410);
    const unknown = `${server().baseUrl}/registro/${"A".repeat(43)}`;
    expect((await register(unknown)).status).toBe(404);
    const page = await fetch(unknown);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain("No encontramos esta invitación");
  });

  it("form-urlencoded: errors go back to the form with messages; success 303 to the confirmation page", async () => {
    const mail = unique("form");
    await invite(appA, { AdminMail: mail });
    const link = await invitationLink(mail);
    const page = await fetch(link);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Compartir consultas de catálogo con Autos del Centro");
    expect(html).toContain('name="Password"');
    const post = (fields: Record<string, string>, cookie?: string) =>
      fetch(`${link}/aceptar`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie && { Cookie: cookie }) },
        body: new URLSearchParams(fields).toString(),
      });
    const { CompartirConsultasCatalogo: _omit, ...fields } = registro;
    const bad = await post({ ...fields, Password: "corta" });
    expect(bad.status).toBe(303);
    expect(bad.headers.get("location")).toBe(tokenPath(link));
    const cookie = bad.headers.get("set-cookie")?.split(";")[0] as string;
    const again = await (await fetch(link, { headers: { Cookie: cookie } })).text();
    expect(again).toContain("La contraseña debe tener al menos 10 caracteres.");
    expect(again).toContain('value="Autos Córdoba"');
    const good = await post({ ...fields, CompartirConsultasCatalogo: "on" });
    expect(good.status).toBe(303);
    expect(good.headers.get("location")).toBe(`${tokenPath(link)}/listo`);
    const listo = await fetch(`${link}/listo`);
    expect(listo.status).toBe(200);
    expect(await listo.text()).toContain("Tu agencia quedó registrada");
    expect((await call(appA, "GET", `/v3/agencias/${mail}`)).status).toBe(200);
    const gone = await fetch(link);
    expect(gone.status).toBe(410);
    expect(await gone.text()).toContain("Esta invitación ya se usó");
  });

  it("415 for other content types", async () => {
    const mail = unique("ct");
    await invite(appA, { AdminMail: mail });
    const link = await invitationLink(mail);
    const response = await fetch(`${link}/aceptar`, { method: "POST", headers: { "Content-Type": "text/plain" }, body: "x" });
    expect(response.status).toBe(415);
  });
});

describe("the dev mailbox page (embedded mode)", () => {
  it("lists the messages and shows each one in embedded mode, and does not exist otherwise", async () => {
    const mail = unique("buzon");
    await invite(appA, { AdminMail: mail });
    await invitationLink(mail);
    const list = await fetch(`${server().baseUrl}/dev/mailbox?to=${encodeURIComponent(mail)}`);
    if (server().env.DATABASE_URL) {
      expect(list.status).toBe(404);
      return;
    }
    expect(list.status).toBe(200);
    const html = await list.text();
    expect(html).toContain("Buzón de desarrollo");
    expect(html).toContain("Autos del Centro te invita a registrar tu agencia en Vitrina");
    const id = html.match(/href="\/dev\/mailbox\/([0-9A-Z]{26})"/)?.[1];
    const message = await fetch(`${server().baseUrl}/dev/mailbox/${id}`);
    expect(message.status).toBe(200);
    expect(await message.text()).toContain(mail);
  });
});

describe("OpenAPI", () => {
  it("documents the agency operations", async () => {
    const document = await (await fetch(`${server().baseUrl}/v3/openapi.json`)).json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        "/v3/agencias",
        "/v3/agencias/{adminMail}",
        "/v3/agencias/{adminMail}/desasociar",
        "/v3/agencias/{adminMail}/productos",
      ]),
    );
  });
});

describe("the agencias webhook", () => {
  it("arrives, signed, when an invited agency registers", async () => {
    const receiver = await startReceiver();
    try {
      const app = await createApp("Con webhook de agencias");
      const secret = "secreto-de-agencias-0001";
      const configured = await call(app, "POST", "/v3/appnotificaciones/agencias", { Callback: receiver.url("/agencias"), Secret: secret });
      expect(configured.status).toBe(201);
      const mail = unique("webhook");
      expect((await invite(app, { AdminMail: mail })).status).toBe(202);
      expect((await register(await invitationLink(mail))).status).toBe(200);

      const delivery = await eventually(async () => receiver.received.find((entry) => entry.path === "/agencias"));
      const body = new Webhook(Buffer.from(secret).toString("base64")).verify(delivery.body, {
        "webhook-id": String(delivery.headers["webhook-id"]),
        "webhook-timestamp": String(delivery.headers["webhook-timestamp"]),
        "webhook-signature": String(delivery.headers["webhook-signature"]),
      }) as {
        Topic: string;
        Evento: string;
        Reenvio: boolean;
        Datos: { AdminMail: string; Agencia: { Estado: string; AdminMail: string } };
      };
      expect(delivery.headers["notification-topic"]).toBe("agencias");
      expect(body).toMatchObject({ Topic: "agencias", Evento: "agencia.registrada", Reenvio: false });
      expect(body.Datos.AdminMail).toBe(mail);
      expect(body.Datos.Agencia).toMatchObject({ AdminMail: mail, Estado: "registrada" });
    } finally {
      await receiver.close();
    }
  });
});
