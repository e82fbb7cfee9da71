import { readFileSync } from "node:fs";
import { validate } from "@readme/openapi-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { canonicalString, sha256Digest, signCanonical } from "@/lib/http/signing";
import { type Credentials, createApp, operar, server, signedFetch } from "../support/client";

let app: Credentials;

beforeAll(async () => {
  app = await createApp("Kernel");
});

async function expectUnauthorized(response: Response, detail: RegExp) {
  expect(response.status).toBe(401);
  expect(response.headers.get("www-authenticate")).toBe("ACS-HMAC");
  expect(response.headers.get("content-type")).toBe("application/problem+json; charset=utf-8");
  const body = await response.json();
  expect(body).toEqual({
    Type: "https://httpstatuses.com/401",
    Title: "No autorizado",
    Status: 401,
    Detail: expect.stringMatching(detail),
    Instance: expect.stringMatching(/^\/v3/),
    Extensions: {},
  });
  expect(JSON.stringify(body)).not.toContain(app.AppSecret);
}

function rawFetch(path: string, headers: Record<string, string>, init: RequestInit = {}) {
  return fetch(server().baseUrl + path, { ...init, headers });
}

function signedHeaders(method: string, path: string, headers: Record<string, string>, secret = app.AppSecret, key = app.AppKey) {
  const signature = signCanonical(secret, canonicalString({ method, pathAndQuery: path, headers }));
  return { ...headers, Authorization: `ACS-HMAC ${key}:${signature}` };
}

describe("ACS-HMAC authentication: every 401 cause", () => {
  it("no Authorization header", async () => {
    await expectUnauthorized(await rawFetch("/v3", {}), /Falta el encabezado Authorization/);
  });

  it("a malformed Authorization header", async () => {
    await expectUnauthorized(await rawFetch("/v3", { Authorization: "Bearer abc", Date: new Date().toUTCString() }), /no tiene la forma/);
  });

  it("an unknown AppKey", async () => {
    const headers = signedHeaders("GET", "/v3", { Date: new Date().toUTCString() }, app.AppSecret, "0".repeat(32));
    await expectUnauthorized(await rawFetch("/v3", headers), /AppKey no corresponde/);
  });

  it("a bad signature", async () => {
    const headers = signedHeaders("GET", "/v3", { Date: new Date().toUTCString() }, "not-the-secret");
    await expectUnauthorized(await rawFetch("/v3", headers), /firma no es válida/);
  });

  it("a signature over another path", async () => {
    const headers = signedHeaders("GET", "/v3/marcas", { Date: new Date().toUTCString() });
    await expectUnauthorized(await rawFetch("/v3", headers), /firma no es válida/);
  });

  it("a missing date", async () => {
    await expectUnauthorized(await rawFetch("/v3", signedHeaders("GET", "/v3", {})), /Falta la fecha/);
  });

  it("a stale date, more than 300 s away", async () => {
    // 305 s: the Date header has 1 s resolution, and the request takes a moment to arrive.
    const stale = new Date(Date.now() - 305_000);
    await expectUnauthorized(await signedFetch(app, "GET", "/v3", { now: stale }), /difiere en más de 300 s/);
    const future = new Date(Date.now() + 305_000);
    await expectUnauthorized(await signedFetch(app, "GET", "/v3", { now: future }), /difiere en más de 300 s/);
  });

  it("X-ACS-Date takes precedence over Date and is signed", async () => {
    const headers = signedHeaders("GET", "/v3", { Date: "Tue, 01 Jul 2025 12:00:00 GMT", "X-ACS-Date": new Date().toUTCString() });
    expect((await rawFetch("/v3", headers)).status).toBe(200);
  });

  it("verifies the path and query exactly as sent, whatever their encoding", async () => {
    for (const query of ["?q=mercedes%20benz", "?q=mercedes+benz", "?q=r%C3%ADo%20cuarto&x=%2Fa"]) {
      expect((await signedFetch(app, "GET", `/v3${query}`)).status).toBe(200);
    }
  });

  it("a replayed signature", async () => {
    const headers = signedHeaders("GET", "/v3", { Date: new Date().toUTCString() });
    expect((await rawFetch("/v3", headers)).status).toBe(200);
    await expectUnauthorized(await rawFetch("/v3", headers), /ya fue usada/);
  });

  it("a body without Digest", async () => {
    const body = JSON.stringify({ Callback: "https://example.com/hook" });
    const headers = signedHeaders("POST", "/v3/appnotificaciones/consultas", {
      Date: new Date().toUTCString(),
      "Content-Type": "application/json",
    });
    await expectUnauthorized(
      await rawFetch("/v3/appnotificaciones/consultas", headers, { method: "POST", body }),
      /Falta el encabezado Digest/,
    );
  });

  it("a Digest that does not match the body", async () => {
    const body = JSON.stringify({ Callback: "https://example.com/hook" });
    const headers = signedHeaders("POST", "/v3/appnotificaciones/consultas", {
      Date: new Date().toUTCString(),
      "Content-Type": "application/json",
      Digest: sha256Digest("something else"),
    });
    await expectUnauthorized(await rawFetch("/v3/appnotificaciones/consultas", headers, { method: "POST", body }), /Digest no coincide/);
  });

  it("accepts a sha-512 Digest", async () => {
    const body = "{ not json";
    const { createHash } = await import("node:crypto");
    const digest = `sha-512=${createHash("sha512").update(body).digest("base64")}`;
    const headers = signedHeaders("POST", "/v3/appnotificaciones/consultas", {
      Date: new Date().toUTCString(),
      "Content-Type": "application/json",
      Digest: digest,
    });
    const response = await rawFetch("/v3/appnotificaciones/consultas", headers, { method: "POST", body });
    expect(response.status).toBe(400);
  });

  it("keeps the previous secret valid after a rotation, and accepts the new one", async () => {
    const rotating = await createApp("Rotación");
    const rotated = await operar<Credentials>("app.rotate-secret", { app: rotating.AppKey });
    expect(rotated.AppSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(rotated.AppSecret).not.toBe(rotating.AppSecret);
    expect((await signedFetch(rotating, "GET", "/v3")).status).toBe(200);
    expect((await signedFetch({ ...rotating, AppSecret: rotated.AppSecret }, "GET", "/v3")).status).toBe(200);
  });
});

describe("content negotiation (docs/contract.md#wire-conventions)", () => {
  it("gives application/json when Accept is absent or */*", async () => {
    for (const accept of [undefined, "*/*"]) {
      const response = await signedFetch(app, "GET", "/v3", { headers: accept ? { Accept: accept } : {} });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(response.headers.get("vary")).toMatch(/\bAccept\b/);
    }
  });

  it("honours text/json and the entry vendor type", async () => {
    for (const type of ["text/json", "application/vnd.service.entry+json"]) {
      const response = await signedFetch(app, "GET", "/v3", { headers: { Accept: type } });
      expect(response.headers.get("content-type")).toBe(`${type}; charset=utf-8`);
    }
  });

  it("honours q-values", async () => {
    const response = await signedFetch(app, "GET", "/v3", { headers: { Accept: "application/json;q=0.4, text/json;q=0.9" } });
    expect(response.headers.get("content-type")).toBe("text/json; charset=utf-8");
  });

  it("falls back to the entry form when the ref type is preferred but not offered", async () => {
    const response = await signedFetch(app, "GET", "/v3", {
      headers: { Accept: "application/vnd.service.ref+json, application/json;q=0.5" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
  });

  it("answers 406 when nothing offered is acceptable", async () => {
    for (const accept of ["application/xml", "application/vnd.service.ref+json", "application/json;q=0"]) {
      const response = await signedFetch(app, "GET", "/v3", { headers: { Accept: accept } });
      expect(response.status).toBe(406);
      expect(response.headers.get("content-type")).toBe("application/problem+json; charset=utf-8");
      expect(await response.json()).toMatchObject({
        Title: "Representación no disponible",
        Status: 406,
        Type: "https://httpstatuses.com/406",
      });
    }
  });

  it("ignores Accept where the success has no body (decisions 0033): DELETE 204 and OPTIONS", async () => {
    const headers = { Accept: "application/xml" };
    const options = await signedFetch(app, "OPTIONS", "/v3/appnotificaciones", { headers });
    expect(options.status).toBe(204);
    expect(options.headers.get("allow")).toContain("GET");
    const body = JSON.stringify({ Callback: "https://crm.example/hooks/kernel" });
    const created = await signedFetch(app, "POST", "/v3/appnotificaciones/agencias", {
      body,
      headers: { "Content-Type": "application/json" },
    });
    expect(created.status).toBe(201);
    expect((await signedFetch(app, "DELETE", "/v3/appnotificaciones/agencias", { headers })).status).toBe(204);
    // A body is still refused in a type the client does not accept.
    expect((await signedFetch(app, "GET", "/v3/appnotificaciones", { headers })).status).toBe(406);
  });

  it("accepts a bodiless GET that carries a Content-Type", async () => {
    const response = await signedFetch(app, "GET", "/v3", { headers: { "Content-Type": "application/json" } });
    expect(response.status).toBe(200);
  });
});

describe("request bodies", () => {
  const path = "/v3/appnotificaciones/consultas";

  it("answers 415 for a body that is not JSON", async () => {
    const response = await signedFetch(app, "POST", path, {
      body: "Callback=https://x",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ Title: "Tipo de contenido no soportado", Status: 415 });
  });

  it("accepts text/json with a charset", async () => {
    const response = await signedFetch(app, "POST", path, { body: "{}", headers: { "Content-Type": "text/json; charset=utf-8" } });
    expect(response.status).toBe(400);
    expect((await response.json()).Errors).toHaveProperty("Callback");
  });

  it("answers 400 with Errors._ for malformed JSON", async () => {
    const response = await signedFetch(app, "POST", path, { body: '{"Callback": ', headers: { "Content-Type": "application/json" } });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body).toMatchObject({ Title: "Validación de información esperada fallida", Status: 400, Instance: path, Extensions: {} });
    expect(body.Errors._[0]).toMatch(/no es JSON válido/);
  });
});

describe("GET /v3", () => {
  it("returns the EntryPoints with a strong ETag, then 304", async () => {
    const first = await signedFetch(app, "GET", "/v3");
    expect(first.status).toBe(200);
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^"[^"]+"$/);
    const body = await first.json();
    expect(body.Version).toBe("v3");
    for (const relation of [
      "self",
      "agencias",
      "agencia",
      "consultas",
      "consulta",
      "appnotificaciones",
      "carrocerias",
      "ciudades",
      "colores",
      "marcas",
      "regiones",
      "openapi",
    ]) {
      expect(body._links[relation]?.href).toMatch(/^\/v3/);
    }
    expect(body._links.agencia).toEqual({ href: "/v3/agencias/{adminMail}", templated: true });
    expect(body._links.self).toEqual({ href: "/v3" });

    const second = await signedFetch(app, "GET", "/v3", { headers: { "If-None-Match": etag as string } });
    expect(second.status).toBe(304);
    expect(second.headers.get("etag")).toBe(etag);
    expect(await second.text()).toBe("");

    const changed = await signedFetch(app, "GET", "/v3", { headers: { "If-None-Match": '"something-else"' } });
    expect(changed.status).toBe(200);
  });

  it("answers HEAD like GET without a body, and OPTIONS with Allow", async () => {
    const head = await signedFetch(app, "HEAD", "/v3");
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    const options = await signedFetch(app, "OPTIONS", "/v3");
    expect(options.status).toBe(204);
    expect(options.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect((await rawFetch("/v3", {}, { method: "OPTIONS" })).status).toBe(401);
  });

  it("checks an OPTIONS path's parameters as the path's other methods do (issue 29 (item 8))", async () => {
    for (const [path, parameter] of [
      ["/v3/consultas/no-es-un-email", "adminMail"],
      ["/v3/consultas/a%40b.com/%00", "sid"],
      ["/v3/marcas/abc", "id"],
      ["/v3/appnotificaciones/consultas%00/entregas", "topic"],
    ]) {
      const options = await signedFetch(app, "OPTIONS", path as string);
      expect(options.status, path).toBe(400);
      expect(Object.keys((await options.json()).Errors), path).toEqual([parameter]);
    }
    const valid = await signedFetch(app, "OPTIONS", "/v3/consultas/a%40b.com");
    expect(valid.status).toBe(204);
    expect(valid.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
  });

  it("answers 404 without a body for paths that name nothing", async () => {
    const response = await signedFetch(app, "GET", "/v3/no-existe");
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("");
  });

  it("sends a request id", async () => {
    const response = await signedFetch(app, "GET", "/v3");
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9A-Z]{26}$/);
  });
});

describe("OpenAPI", () => {
  it("is public and validates as OpenAPI 3.1", async () => {
    const response = await fetch(`${server().baseUrl}/v3/openapi.json`);
    expect(response.status).toBe(200);
    const document = await response.json();
    expect(document.openapi).toBe("3.1.0");
    expect(document.paths["/v3"].get.responses).toHaveProperty("304");
    const result = await validate(structuredClone(document));
    expect(result.valid ? [] : result.errors).toEqual([]);
  });
});

describe("logs", () => {
  it("never contain secrets or signatures", async () => {
    const headers = signedHeaders("GET", "/v3", { Date: new Date().toUTCString() });
    await rawFetch("/v3", headers);
    const log = readFileSync(server().logFile, "utf8");
    expect(log).toContain('"msg":"request"');
    expect(log).not.toContain(app.AppSecret);
    expect(log).not.toContain(headers.Authorization.split(":")[1]);
  });
});
