import { describe, expect, it } from "vitest";
import { destinoPermitido, esDireccionPublica } from "@/lib/panel/conexion/destino";
import { conexionSchemaDe, esUrlBase } from "@/lib/panel/conexion/formulario";
import { probarConexion } from "@/lib/panel/conexion/prueba";
import { traductorDe } from "@/lib/panel/i18n/mensajes";

/** The Conexión page's pure parts (decisions 0015): the form's rules, where the Panel may connect, the test. */

const connection = { apiBaseUrl: "http://api.example", appKey: "a".repeat(32), appSecret: "el-secreto" };
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const fetchDe = (answer: (url: string) => Response | Promise<Response>) => async (request: Request) => answer(request.url);

describe("the connection form's rules", () => {
  it("takes an absolute http(s) base URL without user, query or fragment", () => {
    for (const url of ["http://127.0.0.1:3000", "https://api.vitrina.com.ar", "https://example.com/vitrina/"])
      expect(esUrlBase(url), url).toBe(true);
    for (const url of ["api.vitrina.com.ar", "ftp://x.com", "https://u:p@x.com", "https://x.com/?a=1", "https://x.com/#a", "/v3", ""]) {
      expect(esUrlBase(url), url).toBe(false);
    }
  });

  it("checks the fields with the Panel's messages; an empty AppSecret keeps the saved one", () => {
    const t = traductorDe("es-AR");
    const schema = conexionSchemaDe(t);
    expect(schema.safeParse({ ApiBaseUrl: " https://api.x.com ", AppKey: "k", AppSecret: "" })).toMatchObject({
      success: true,
      data: { ApiBaseUrl: "https://api.x.com", AppSecret: "" },
    });
    const result = schema.safeParse({ ApiBaseUrl: "x", AppKey: "una key", AppSecret: "s s" });
    expect(Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]))).toEqual({
      ApiBaseUrl: t("conexion.validacion.urlInvalida"),
      AppKey: t("conexion.validacion.espacios"),
      AppSecret: t("conexion.validacion.espacios"),
    });
  });
});

describe("where the Panel may connect (SSRF)", () => {
  it("only public unicast addresses", () => {
    for (const ip of ["8.8.8.8", "200.45.1.1", "2001:4860:4860::8888"]) expect(esDireccionPublica(ip), ip).toBe(true);
    for (const ip of [
      "127.0.0.1",
      "10.1.2.3",
      "192.168.0.1",
      "172.16.0.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "fe80::1",
      "fd00::1",
      "::ffff:127.0.0.1",
      "no-ip",
    ]) {
      expect(esDireccionPublica(ip), ip).toBe(false);
    }
  });

  it("a known origin, or a host whose every address is public", async () => {
    const resolver = (async (host: string) =>
      ({
        publico: [{ address: "8.8.8.8", family: 4 }],
        mixto: [
          { address: "8.8.8.8", family: 4 },
          { address: "10.0.0.1", family: 4 },
        ],
      })[host] ?? Promise.reject(new Error("ENOTFOUND"))) as unknown as typeof import("node:dns/promises").lookup;
    expect(await destinoPermitido("http://127.0.0.1:3000", ["http://127.0.0.1:3000/"], resolver)).toBe(true);
    expect(await destinoPermitido("http://127.0.0.1:3001", ["http://127.0.0.1:3000"], resolver)).toBe(false);
    expect(await destinoPermitido("http://[::1]:3000", [], resolver)).toBe(false);
    expect(await destinoPermitido("http://169.254.169.254/latest", [], resolver)).toBe(false);
    expect(await destinoPermitido("https://publico/api", [], resolver)).toBe(true);
    expect(await destinoPermitido("https://mixto", [], resolver)).toBe(false);
    expect(await destinoPermitido("https://no-existe.invalid", [], resolver)).toBe(true);
  });
});

describe("probarConexion", () => {
  it("passes only a 200 with EntryPoints, with its status, latency and Version", async () => {
    let pedido = "";
    const espera = 60;
    const inicio = performance.now();
    const prueba = await probarConexion(connection, {
      fetchImpl: fetchDe(async (url) => {
        pedido = url;
        await new Promise((resolve) => setTimeout(resolve, espera));
        return json(200, { Version: "v3", _links: {} });
      }),
    });
    const transcurrido = performance.now() - inicio;
    expect(pedido).toBe("http://api.example/v3");
    expect(prueba).toMatchObject({ Ok: true, Status: 200, Version: "v3" });
    // The answer's wait, measured inside the call: at least the fake API's delay, at most the whole call.
    expect(prueba.LatenciaMs).toBeGreaterThanOrEqual(espera - 2);
    expect(prueba.LatenciaMs).toBeLessThanOrEqual(Math.ceil(transcurrido));
    expect(await probarConexion(connection, { fetchImpl: fetchDe(() => json(200, { hola: "mundo" })) })).toMatchObject({
      Ok: false,
      Status: 200,
      Version: null,
    });
  });

  it("gives the API's problem, or why it could not connect", async () => {
    const problema = { Title: "No autorizado", Status: 401, Detail: "La firma no es válida para esta solicitud." };
    expect(await probarConexion(connection, { fetchImpl: fetchDe(() => json(401, problema)) })).toMatchObject({
      Ok: false,
      Status: 401,
      ...{ Title: problema.Title, Detail: problema.Detail },
    });
    const caida = await probarConexion(connection, {
      fetchImpl: fetchDe(() => Promise.reject(Object.assign(new TypeError("fetch failed"), { cause: { code: "ECONNREFUSED" } }))),
    });
    expect(caida).toMatchObject({ Ok: false, Status: null, Version: null });
    expect(caida.Detail).toContain("ECONNREFUSED");
    const larga = await probarConexion(connection, { fetchImpl: fetchDe(() => json(500, { Title: "x".repeat(1000) })) });
    expect(larga.Title).toHaveLength(300);
  });
});
