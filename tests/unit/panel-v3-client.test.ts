import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, expectTypeOf, it } from "vitest";
import { buildOpenApiDocument } from "@/lib/api/openapi";
import { canonicalString, sha256Digest, signCanonical } from "@/lib/http/signing";
import { traductorDe } from "@/lib/panel/i18n/mensajes";
import { crearClienteV3, esEstadoV3, type V3Client, V3Error } from "@/lib/panel/v3-client";
import type { OperationId } from "@/lib/panel/v3-tipos";

/** The Panel's v3 client (on @vitrina/sdk) against a fake fetch: what it sends and how it reads answers. */

type Sent = { url: string; method: string; headers: Record<string, string>; body?: string };

function fakeApi(answer: (sent: Sent) => Response) {
  const sent: Sent[] = [];
  const fetchImpl = async (input: Request) => {
    const body = await input.text();
    const request: Sent = {
      url: input.url,
      method: input.method,
      headers: Object.fromEntries([...input.headers].map(([name, value]) => [name.toLowerCase(), value])),
      ...(body && { body }),
    };
    sent.push(request);
    return answer(request);
  };
  return { sent, fetchImpl };
}

const connection = { apiBaseUrl: "http://api.example/", appKey: "k".repeat(32), appSecret: "el-secreto" };
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json; charset=utf-8", ...headers } });

function expectSigned(request: Sent) {
  const url = new URL(request.url);
  const canonical = canonicalString({ method: request.method, pathAndQuery: url.pathname + url.search, headers: request.headers });
  expect(request.headers.authorization).toBe(`ACS-HMAC ${connection.appKey}:${signCanonical(connection.appSecret, canonical)}`);
  // The SDK's nonce: 12 random bytes in base64 without its symbols.
  expect(request.headers["x-acs-nonce"]).toMatch(/^[A-Za-z0-9]{10,16}$/);
  // Inside the signature (canonicalString takes every x-acs-* header): the Panel says it is the Panel.
  expect(request.headers["x-acs-origen"]).toBe("panel");
  expect(request.headers.accept).toBe("application/json");
}

describe("crearClienteV3", () => {
  it("signs a GET with its query and parses the JSON", async () => {
    const { sent, fetchImpl } = fakeApi(() => json(200, { _links: {}, _entries: [] }));
    const client = crearClienteV3(connection, { fetchImpl });
    const body = await client.listConsultas("Ventas@Agencia.com", { operador: "ana@agencia.com", desde: "2026-01-01", pagina: 2 });
    expect(body).toEqual({ _links: {}, _entries: [] });
    expect(sent[0]?.url).toBe("http://api.example/v3/consultas/Ventas%40Agencia.com?operador=ana%40agencia.com&desde=2026-01-01&pagina=2");
    expectSigned(sent[0] as Sent);
  });

  it("sends a JSON body with its Digest, and reads Location of a 202", async () => {
    const { sent, fetchImpl } = fakeApi(() => new Response(null, { status: 202, headers: { Location: "/v3/agencias/a@b.com" } }));
    const client = crearClienteV3(connection, { fetchImpl });
    expect(await client.inviteAgencia({ AdminMail: "a@b.com", Nombre: "Autos" })).toEqual({ location: "/v3/agencias/a@b.com" });
    const request = sent[0] as Sent;
    expect(request.method).toBe("POST");
    expect(request.headers["content-type"]).toBe("application/json");
    expect(request.headers.digest).toBe(sha256Digest(request.body as string));
    expect(JSON.parse(request.body as string)).toEqual({ AdminMail: "a@b.com", Nombre: "Autos" });
    expectSigned(request);
  });

  it("names each method by its operation's operationId (decision 0043)", () => {
    const document = buildOpenApiDocument("http://localhost") as unknown as {
      paths: Record<string, Record<string, { operationId?: string }>>;
    };
    const operationIds = new Set(Object.values(document.paths).flatMap((item) => Object.values(item).map((each) => each.operationId)));
    const methods = Object.keys(crearClienteV3(connection));
    expect(methods.filter((name) => !operationIds.has(name))).toEqual([]);
    expect(methods).toEqual(
      expect.arrayContaining(["getHome", "optionsAgencia", "getAgenciaProductos", "putConsultaAtencion", "getConsultasResumen"]),
    );
    // The build checks the same against the SDK's types (a method named otherwise does not compile).
    expectTypeOf<keyof V3Client>().toExtend<OperationId>();
  });

  it("builds each path as the API names it", async () => {
    const { sent, fetchImpl } = fakeApi((request) => (request.method === "GET" ? json(200, {}) : new Response(null, { status: 204 })));
    const client = crearClienteV3(connection, { fetchImpl });
    await client.detachAgencia("a@b.com");
    await client.getAgenciaProductos("a@b.com");
    await client.deleteAppNotificacion("consultas");
    await client.listEntregas("consultas", { estado: "fallida" });
    await client.bestMatchCiudad({ state: "cordoba", city: "villa maria" });
    expect(sent.map((request) => `${request.method} ${new URL(request.url).pathname}${new URL(request.url).search}`)).toEqual([
      "PATCH /v3/agencias/a%40b.com/desasociar",
      "GET /v3/agencias/a%40b.com/productos",
      "DELETE /v3/appnotificaciones/consultas",
      "GET /v3/appnotificaciones/consultas/entregas?estado=fallida",
      "GET /v3/ciudades/bestmatch?state=cordoba&city=villa%20maria",
    ]);
  });

  it("turns a ValidationProblemDetails into a V3Error", async () => {
    const problem = {
      Type: "x",
      Title: "Datos inválidos",
      Status: 400,
      Detail: "Revisá los campos.",
      Instance: "/v3/agencias",
      Errors: { AdminMail: ["AdminMail es obligatorio."] },
    };
    const { fetchImpl } = fakeApi(() => json(400, problem));
    const error = await crearClienteV3(connection, { fetchImpl })
      .inviteAgencia({ AdminMail: "" })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(V3Error);
    expect((error as V3Error).status).toBe(400);
    expect((error as V3Error).problem).toMatchObject({
      Title: "Datos inválidos",
      Detail: "Revisá los campos.",
      Errors: { AdminMail: ["AdminMail es obligatorio."] },
    });
  });

  it("gives a 404 without body a problem of its own, and connection failures status 0", async () => {
    const notFound = fakeApi(() => new Response(null, { status: 404 }));
    const error = await crearClienteV3(connection, { fetchImpl: notFound.fetchImpl })
      .getAgencia("nadie@b.com")
      .catch((caught: unknown) => caught);
    expect(esEstadoV3(error, 404)).toBe(true);
    expect((error as V3Error).problem).toEqual({ Title: "No encontrado", Status: 404 });

    const down = async (): Promise<Response> => {
      throw new TypeError("fetch failed");
    };
    const failure = await crearClienteV3(connection, { fetchImpl: down })
      .listRegiones()
      .catch((caught: unknown) => caught);
    expect(esEstadoV3(failure, 0)).toBe(true);
    expect((failure as V3Error).message).toMatch(/No se pudo conectar/);
  });

  it("says what it says itself in the user's language; the API's own problems pass as sent", async () => {
    const english = (fetchImpl: (request: Request) => Promise<Response>) => crearClienteV3(connection, { fetchImpl, t: traductorDe("en") });
    const caught = (promise: Promise<unknown>) =>
      promise.then(
        () => undefined as never,
        (error: unknown) => error as V3Error,
      );
    expect((await caught(english(fakeApi(() => new Response(null, { status: 409 })).fetchImpl).getAgencia("a@b.com"))).problem).toEqual({
      Title: "Conflict",
      Status: 409,
    });
    expect((await caught(english(fakeApi(() => new Response(null, { status: 502 })).fetchImpl).getAgencia("a@b.com"))).problem.Title).toBe(
      "Error 502",
    );
    // A proxy's page: the Panel's words, not the problem the SDK would make of it (in Spanish).
    const proxy = fakeApi(() => new Response("<html>Bad Gateway</html>", { status: 502, headers: { "Content-Type": "text/html" } }));
    expect((await caught(english(proxy.fetchImpl).getAgencia("a@b.com"))).problem).toEqual({ Title: "Error 502", Status: 502 });
    const notJson = await caught(english(fakeApi(() => new Response("<html>", { status: 200 })).fetchImpl).listRegiones());
    expect(notJson.problem).toMatchObject({ Title: "Invalid answer from the v3 API", Detail: "It is not JSON." });
    const slow = async (): Promise<Response> => {
      throw new DOMException("The operation timed out.", "TimeoutError");
    };
    expect((await caught(english(slow).listRegiones())).message).toBe(
      "Could not connect to the v3 API: http://api.example: did not answer in time",
    );
    const problem = { Title: "No autorizado", Status: 401, Detail: "La firma no es válida." };
    expect((await caught(english(fakeApi(() => json(401, problem)).fetchImpl).listRegiones())).problem).toMatchObject(problem);
  });
});

describe("crearClienteV3: the export (decisions 0060)", () => {
  it("asks for the lines with one signed GET and gives the body as it arrives; a refusal is a V3Error", async () => {
    const lines = '{"a":1}\n{"a":2}\n';
    const { sent, fetchImpl } = fakeApi((request) =>
      request.url.includes("nadie") ? json(404, {}) : new Response(lines, { headers: { "Content-Type": "application/x-ndjson" } }),
    );
    const client = crearClienteV3(connection, { fetchImpl });
    const stream = await client.exportarConsultas("a@b.com", { q: "gomez", operador: "", atendida: "false" });
    expect(await new Response(stream).text()).toBe(lines);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toBe("http://api.example/v3/consultas/a%40b.com/exportar?q=gomez&atendida=false");
    expect(sent[0]?.headers.accept).toBe("application/x-ndjson");
    await expect(client.exportarConsultas("nadie@b.com", {})).rejects.toMatchObject({ status: 404 });
  });

  it("ends the body with an error when the answer stops arriving for 15 s, not at once, and not as if it were whole", async () => {
    const server = createServer((_request, response) => {
      response.writeHead(200, { "Content-Type": "application/x-ndjson" });
      response.write('{"a":1}\n');
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const client = crearClienteV3({ ...connection, apiBaseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
      const reader = (await client.exportarConsultas("a@b.com", {})).getReader();
      expect(new TextDecoder().decode((await reader.read()).value)).toBe('{"a":1}\n');
      const started = Date.now();
      await expect(reader.read()).rejects.toMatchObject({ name: "TimeoutError" });
      expect(Date.now() - started).toBeGreaterThan(14_000);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  }, 30_000);
});
