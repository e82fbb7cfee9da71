import { beforeAll, describe, expect, it } from "vitest";
import { type Credentials, createApp, signedFetch } from "../support/client";

let app: Credentials;
let onlyAgencias: Credentials;

beforeAll(async () => {
  [app, onlyAgencias] = await Promise.all([createApp("Webhooks A"), createApp("Webhooks B", { topics: ["agencias"] })]);
});

const JSON_HEADERS = { "Content-Type": "application/json" };

function send(who: Credentials, method: string, path: string, body?: unknown) {
  return signedFetch(who, method, path, body === undefined ? {} : { body: JSON.stringify(body), headers: JSON_HEADERS });
}

const valid = {
  Callback: "https://crm.example/hooks/consultas",
  Secret: "s3cr3t-de-al-menos-16",
  Description: "CRM principal",
  HeaderCustom01: { Name: "X-Api-Key", Value: "abc123" },
};

async function expectEmpty404(response: Response) {
  expect(response.status).toBe(404);
  expect(await response.text()).toBe("");
}

async function expectErrors(response: Response, keys: string[]) {
  expect(response.status).toBe(400);
  expect(response.headers.get("content-type")).toBe("application/problem+json; charset=utf-8");
  const body = await response.json();
  expect(body).toMatchObject({ Type: "https://httpstatuses.com/400", Title: "Validación de información esperada fallida", Status: 400 });
  for (const key of keys) expect(body.Errors[key], `Errors.${key} in ${JSON.stringify(body.Errors)}`).toEqual([expect.any(String)]);
  return body;
}

describe("GET /v3/appnotificaciones", () => {
  it("lists every topic the app may use, none configured yet", async () => {
    const response = await send(app, "GET", "/v3/appnotificaciones");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(await response.json()).toEqual({
      _links: { self: { href: "/v3/appnotificaciones" } },
      _entries: [
        {
          Topic: "agencias",
          Disponible: true,
          Configurado: false,
          Activo: null,
          _links: { self: { href: "/v3/appnotificaciones/agencias" } },
        },
        {
          Topic: "consultas",
          Disponible: true,
          Configurado: false,
          Activo: null,
          _links: { self: { href: "/v3/appnotificaciones/consultas" } },
        },
        {
          Topic: "publicaciones",
          Disponible: true,
          Configurado: false,
          Activo: null,
          _links: { self: { href: "/v3/appnotificaciones/publicaciones" } },
        },
      ],
    });
  });

  it("lists only the allowed topics for a restricted app", async () => {
    const body = await (await send(onlyAgencias, "GET", "/v3/appnotificaciones")).json();
    expect(body._entries.map((entry: { Topic: string }) => entry.Topic)).toEqual(["agencias"]);
  });
});

describe("the lifecycle of a configuration", () => {
  const path = "/v3/appnotificaciones/consultas";

  it("POST creates it: 201, Location, Secret null, Firmado true", async () => {
    const response = await send(app, "POST", path, valid);
    expect(response.status).toBe(201);
    expect(response.headers.get("location")).toBe(path);
    const body = await response.json();
    expect(body).toEqual({
      Topic: "consultas",
      Callback: valid.Callback,
      Secret: null,
      Firmado: true,
      Description: "CRM principal",
      Activo: true,
      HeaderCustom01: { Name: "X-Api-Key", Value: "abc123" },
      HeaderCustom02: null,
      HeaderCustom03: null,
      _links: { self: { href: path } },
    });
    expect(JSON.stringify(body)).not.toContain(valid.Secret);
  });

  it("POST again: 409 with Errors", async () => {
    const response = await send(app, "POST", path, valid);
    expect(response.status).toBe(409);
    const body = await response.json();
    expect(body).toMatchObject({
      Type: "https://httpstatuses.com/409",
      Title: "Entidad duplicada",
      Status: 409,
      Instance: path,
      Extensions: {},
    });
    expect(body.Errors._).toEqual([expect.any(String)]);
  });

  it("GET: 200 AppWebhook", async () => {
    const response = await send(app, "GET", path);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ Topic: "consultas", Callback: valid.Callback, Secret: null, Activo: true });
  });

  it("the list shows it configured", async () => {
    const body = await (await send(app, "GET", "/v3/appnotificaciones")).json();
    expect(body._entries[1]).toMatchObject({ Topic: "consultas", Disponible: true, Configurado: true, Activo: true });
  });

  it("PUT: 200, replaces the fields and keeps the secret when absent", async () => {
    const response = await send(app, "PUT", path, { Callback: "https://crm.example/otro", Activo: false });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      Topic: "consultas",
      Callback: "https://crm.example/otro",
      Secret: null,
      Firmado: true,
      Description: null,
      Activo: false,
      HeaderCustom01: null,
      HeaderCustom02: null,
      HeaderCustom03: null,
      _links: { self: { href: path } },
    });
    const list = await (await send(app, "GET", "/v3/appnotificaciones")).json();
    expect(list._entries[1]).toMatchObject({ Topic: "consultas", Configurado: true, Activo: false });
  });

  it('PUT accepts Secret "" (removal: Firmado false) and null (keep); a new Secret signs again', async () => {
    const removed = await send(app, "PUT", path, { Callback: valid.Callback, Secret: "" });
    expect(removed.status).toBe(200);
    expect((await removed.json()).Firmado).toBe(false);
    const kept = await send(app, "PUT", path, { Callback: valid.Callback, Secret: null });
    expect(kept.status).toBe(200);
    expect((await kept.json()).Firmado).toBe(false);
    expect((await (await send(app, "GET", path)).json()).Firmado).toBe(false);
    expect((await (await send(app, "PUT", path, { Callback: valid.Callback, Secret: valid.Secret })).json()).Firmado).toBe(true);
  });

  it("another app never sees it", async () => {
    const other = await createApp("Webhooks C");
    await expectEmpty404(await send(other, "GET", path));
    await expectEmpty404(await send(other, "PUT", path, valid));
    await expectEmpty404(await send(other, "DELETE", path));
    const list = await (await send(other, "GET", "/v3/appnotificaciones")).json();
    expect(list._entries.every((entry: { Configurado: boolean }) => !entry.Configurado)).toBe(true);
    expect((await send(app, "GET", path)).status).toBe(200);
  });

  it("DELETE: 204, then GET, PUT and DELETE answer 404", async () => {
    const response = await send(app, "DELETE", path);
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");
    await expectEmpty404(await send(app, "GET", path));
    await expectEmpty404(await send(app, "PUT", path, valid));
    await expectEmpty404(await send(app, "DELETE", path));
  });
});

describe("a topic the app may not use", () => {
  for (const topic of ["consultas", "inexistente"]) {
    it(`POST ${topic}: 403 ProblemDetails`, async () => {
      const path = `/v3/appnotificaciones/${topic}`;
      const response = await send(onlyAgencias, "POST", path, valid);
      expect(response.status).toBe(403);
      expect(response.headers.get("content-type")).toBe("application/problem+json; charset=utf-8");
      expect(await response.json()).toEqual({
        Type: "https://httpstatuses.com/403",
        Title: "Operación prohibida",
        Status: 403,
        Detail: expect.any(String),
        Instance: path,
        Extensions: {},
      });
    });

    it(`GET, PUT, DELETE ${topic}: 404 with no body`, async () => {
      const path = `/v3/appnotificaciones/${topic}`;
      await expectEmpty404(await send(onlyAgencias, "GET", path));
      await expectEmpty404(await send(onlyAgencias, "PUT", path, valid));
      await expectEmpty404(await send(onlyAgencias, "DELETE", path));
    });
  }
});

describe("validation", () => {
  const path = "/v3/appnotificaciones/agencias";

  it("a topic over 80 characters: 400 naming topic", async () => {
    const long = `/v3/appnotificaciones/${"a".repeat(81)}`;
    for (const method of ["GET", "DELETE"]) await expectErrors(await send(app, method, long), ["topic"]);
    for (const method of ["POST", "PUT"]) await expectErrors(await send(app, method, long, valid), ["topic"]);
  });

  it("Callback missing, not https, or relative", async () => {
    await expectErrors(await send(app, "POST", path, { Secret: valid.Secret }), ["Callback"]);
    await expectErrors(await send(app, "POST", path, { Callback: "ftp://crm.example/hooks" }), ["Callback"]);
    await expectErrors(await send(app, "POST", path, { Callback: "/hooks" }), ["Callback"]);
    await expectErrors(await send(app, "POST", path, { Callback: `https://crm.example/${"a".repeat(1024)}` }), ["Callback"]);
  });

  it("Secret too short or too long", async () => {
    await expectErrors(await send(app, "POST", path, { ...valid, Secret: "corto" }), ["Secret"]);
    await expectErrors(await send(app, "POST", path, { ...valid, Secret: "x".repeat(257) }), ["Secret"]);
  });

  it("Description over 256 and Activo not a boolean", async () => {
    await expectErrors(await send(app, "POST", path, { ...valid, Description: "d".repeat(257), Activo: "si" }), ["Description", "Activo"]);
  });

  it("reserved or malformed header names", async () => {
    for (const Name of [
      "Authorization",
      "Content-Type",
      "content-length",
      "Host",
      "Cookie",
      "User-Agent",
      "Notification-Topic",
      "webhook-id",
      "Mal Nombre",
      "",
    ]) {
      await expectErrors(await send(app, "POST", path, { ...valid, HeaderCustom01: { Name, Value: "v" } }), ["HeaderCustom01.Name"]);
    }
    await expectErrors(await send(app, "POST", path, { ...valid, HeaderCustom02: { Name: "x".repeat(101), Value: "v" } }), [
      "HeaderCustom02.Name",
    ]);
  });

  it("header values with CR/LF or over 1000 characters", async () => {
    await expectErrors(await send(app, "POST", path, { ...valid, HeaderCustom01: { Name: "X-Ok", Value: "a\r\nX-Inyectado: 1" } }), [
      "HeaderCustom01.Value",
    ]);
    await expectErrors(await send(app, "POST", path, { ...valid, HeaderCustom03: { Name: "X-Ok", Value: "v".repeat(1001) } }), [
      "HeaderCustom03.Value",
    ]);
    await expectErrors(await send(app, "POST", path, { ...valid, HeaderCustom01: "X-Ok: 1" }), ["HeaderCustom01"]);
  });

  it("PUT validates the same way", async () => {
    await expectErrors(await send(app, "PUT", path, { Callback: "ftp://x", Secret: "corto" }), ["Callback", "Secret"]);
  });

  it("nothing invalid was stored", async () => {
    await expectEmpty404(await send(app, "GET", path));
  });
});

describe("what cannot be sent as given is refused when saved (issue 17, item 7)", () => {
  const path = "/v3/appnotificaciones/consultas";
  const saved = { ...valid, Callback: "https://crm.example/hooks/guardado" };
  let stored: unknown;

  beforeAll(async () => {
    expect((await send(app, "POST", path, saved)).status).toBe(201);
    stored = await (await send(app, "GET", path)).json();
  });

  /** 400 naming `key`, for POST of a topic never configured and PUT of this one; neither changes anything. */
  async function expectRefused(body: Record<string, unknown>, key: string) {
    await expectErrors(await send(app, "POST", "/v3/appnotificaciones/agencias", body), [key]);
    await expectEmpty404(await send(app, "GET", "/v3/appnotificaciones/agencias"));
    const answer = await expectErrors(await send(app, "PUT", path, body), [key]);
    expect(Object.keys(answer.Errors)).toEqual([key]);
    expect(await (await send(app, "GET", path)).json()).toEqual(stored);
  }

  it.each([
    ["CR/LF (the URL parser would drop them)", "https://127.0.0.1/a\r\nX-Injected: yes"],
    ["a tab", "https://crm.example/a\tb"],
    ["a C1 control character", "https://crm.example/a\u0085b"],
    ["a NUL", "https://crm.example/a\u0000b"],
    ["user and password (never sent)", "https://usuario:clave@crm.example/hooks"],
    ["a user", "https://usuario@crm.example/hooks"],
    ["a password", "https://:clave@crm.example/hooks"],
  ])("a Callback with %s", async (_name, Callback) => {
    await expectRefused({ ...valid, Callback }, "Callback");
  });

  it.each([
    "Connection",
    "Keep-Alive",
    "Transfer-Encoding",
    "TE",
    "Trailer",
    "Upgrade",
    "Expect",
    "Proxy-Authorization",
    "proxy-connection",
  ])("the header name %s (the connection's own, or refused by the HTTP client)", async (Name) => {
    await expectRefused({ ...valid, HeaderCustom02: { Name, Value: "x" } }, "HeaderCustom02.Name");
  });

  it.each([
    ["a tab", "a\tb"],
    ["a control character", "a\u0001b"],
    ["DEL", "a\u007fb"],
    ["a C1 control character", "a\u0085b"],
    ["a NUL", "a\u0000b"],
    ["a character outside Latin-1", "precio 100 €"],
    ["an emoji", "hola 😀"],
    ["a leading space", " clave"],
    ["a trailing space", "clave "],
  ])("a header value with %s", async (_name, Value) => {
    await expectRefused({ ...valid, HeaderCustom03: { Name: "X-Clave", Value } }, "HeaderCustom03.Value");
  });

  it("Latin-1 values and inner spaces are sent as they are: accepted", async () => {
    const response = await send(app, "PUT", path, { ...valid, HeaderCustom01: { Name: "X-Nombre", Value: "Ñandú café, año 2026" } });
    expect(response.status).toBe(200);
    expect((await response.json()).HeaderCustom01).toEqual({ Name: "X-Nombre", Value: "Ñandú café, año 2026" });
  });

  it.each([
    ["HTTPS://CRM.Example:443/hooks/../webhook?q=ñ", "https://crm.example/webhook?q=%C3%B1"],
    ["https://crm.example/con espacio", "https://crm.example/con%20espacio"],
    ["https://ñandú.example/hooks", "https://xn--and-6ma2c.example/hooks"],
    // Private networks are allowed on the test service: the address is kept, written as sent.
    ["http://2130706433:8080/hooks", "http://127.0.0.1:8080/hooks"],
    ["http://0x7f.1/hooks", "http://127.0.0.1/hooks"],
    ["http://[::FFFF:127.0.0.1]/hooks", "http://[::ffff:7f00:1]/hooks"],
  ])("the Callback %s is stored as it is sent: %s", async (Callback, normalized) => {
    const response = await send(app, "PUT", path, { ...valid, Callback });
    expect(response.status).toBe(200);
    expect((await response.json()).Callback).toBe(normalized);
    expect((await (await send(app, "GET", path)).json()).Callback).toBe(normalized);
  });
});
