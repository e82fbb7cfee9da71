import { request as httpRequest } from "node:http";
import { gunzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { API_CSP } from "@/lib/http/security-headers";
import { signRequest } from "@/lib/http/signing";
import { type Credentials, createApp, server, signedFetch } from "../support/client";

/**
 * docs/decisions/0013: our HTTP server calls the API's route handlers itself. Its answers carry what
 * Next's would (security headers, gzip), and what is not certainly a route's still gets Next's answer.
 */

const base = () => server().baseUrl;
let app: Credentials;

beforeAll(async () => {
  app = await createApp("App de rutas directas");
});

describe("the API's routes served directly", () => {
  it("carry the API's security headers, on successes and on problems", async () => {
    for (const response of [await signedFetch(app, "GET", "/v3/colores"), await fetch(`${base()}/v3/colores`)]) {
      expect([200, 401]).toContain(response.status);
      expect(response.headers.get("content-security-policy")).toBe(API_CSP);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
    }
  });

  it("gzip a body of 1 KiB or more for a client that accepts it, and say so in Vary", async () => {
    const plain = await signedFetch(app, "GET", "/v3/marcas", { headers: { "Accept-Encoding": "identity" } });
    const text = await plain.text();
    expect(text.length).toBeGreaterThan(1024);
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")).toBe("Accept, Accept-Encoding");

    const raw = await rawGet("/v3/openapi.json", { "Accept-Encoding": "gzip" });
    expect(raw.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(raw.body).toString("utf8")).openapi).toMatch(/^3\.1/);
  });

  it("pick a static segment over a parameter, and decode parameters", async () => {
    const bestmatch = await signedFetch(app, "GET", "/v3/marcas/bestmatch?make=peugot");
    expect(bestmatch.status).toBe(200);
    expect(((await bestmatch.json()) as { Nombre: string }).Nombre).toBe("Peugeot");
    const plain = await signedFetch(app, "GET", "/v3/marcas/1");
    const encoded = await signedFetch(app, "GET", "/v3/marcas/%31");
    expect([plain.status, encoded.status]).toEqual([200, 200]);
    expect(await encoded.json()).toEqual(await plain.json());
  });

  it("take a request body as a stream: a signed POST with its Digest", async () => {
    const body = JSON.stringify({ Callback: "http://127.0.0.1:9/hook", Secret: "un-secreto-de-prueba-16" });
    const response = await signedFetch(app, "POST", "/v3/appnotificaciones/consultas", {
      body,
      headers: { "Content-Type": "application/json" },
    });
    expect(response.status).toBe(201);
  });
});

describe("what goes on to Next", () => {
  it("a method the route does not export: 405", async () => {
    expect((await fetch(`${base()}/v3/openapi.json`, { method: "PUT" })).status).toBe(405);
  });

  it("a trailing slash: Next's redirect", async () => {
    const response = await fetch(`${base()}/v3/marcas/`, { redirect: "manual" });
    expect(response.status).toBe(308);
    expect(response.headers.get("location")).toBe("/v3/marcas");
  });

  it("a path with a dot segment: Next normalises it and runs the same route, which answers with its body", async () => {
    const direct = await signedFetch(app, "GET", "/v3/colores", { headers: { "Accept-Encoding": "identity" } });
    const raw = "/v3/./colores";
    const signed = signRequest({ method: "GET", pathAndQuery: raw, appKey: app.AppKey, appSecret: app.AppSecret });
    const throughNext = await rawGet(raw, { ...signed, "Accept-Encoding": "identity" });
    expect(throughNext.status).toBe(200);
    // The same entries; `self` keeps the path as it was sent.
    const entries = (response: unknown) => (response as { _entries: unknown[] })._entries;
    expect(entries(JSON.parse(throughNext.body.toString("utf8")))).toEqual(entries(await direct.json()));
  });

  it("a path no route names: the catch-all's 404 with no body", async () => {
    const response = await fetch(`${base()}/v3/nada/de/nada`);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("");
  });
});

/** A GET of the path exactly as written (fetch would normalise it) whose compressed body is read as sent (fetch would decompress it). */
function rawGet(path: string, headers: Record<string, string>) {
  const { hostname, port } = new URL(base());
  return new Promise<{ status?: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    httpRequest({ hostname, port, path, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }));
    })
      .on("error", reject)
      .end();
  });
}
