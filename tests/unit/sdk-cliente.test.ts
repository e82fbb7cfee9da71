import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createClient, type Link, orThrow, VitrinaError } from "@vitrina/sdk";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

/**
 * @vitrina/sdk against real loopback servers that record every request they get: the service's
 * stand-in (`api`) and another listener (`otro`) on the port the reported `follow()` reached.
 */

type Recibido = { method: string; url: string; authorization: string | undefined };
type Respuesta = (request: IncomingMessage, response: ServerResponse) => void;

function servidor(responder: Respuesta) {
  const recibidos: Recibido[] = [];
  const server = createServer((request, response) => {
    recibidos.push({ method: request.method ?? "", url: request.url ?? "", authorization: request.headers.authorization });
    responder(request, response);
  });
  return { server, recibidos };
}

const escuchar = (server: Server, port: number) =>
  new Promise<number>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve((server.address() as AddressInfo).port));
  });
const cerrar = (server: Server) => new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));

const json = (response: ServerResponse, status: number, body: unknown) =>
  response.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));

/** A problem as the service writes it. */
const problemaDelServicio = {
  Type: "https://httpstatuses.com/400",
  Title: "Validación de información esperada fallida",
  Status: 400,
  Detail: "Uno o más valores no son válidos.",
  Instance: "/v3/marcas/400",
  Extensions: {},
  Errors: { id: ["Debe ser un número."] },
};

/** `/v3/marcas/{status}`: answers with that status, as the service or a proxy in front of it would. */
const ANSWERS: Record<string, Respuesta> = {
  "400": (_, response) =>
    response.writeHead(400, { "Content-Type": "application/problem+json; charset=utf-8" }).end(JSON.stringify(problemaDelServicio)),
  "404": (_, response) => response.writeHead(404, { "Content-Length": "0", "X-Request-Id": "01J0000000000000000000000" }).end(),
  "429": (_, response) =>
    response.writeHead(429, { "Content-Type": "application/json", "Retry-After": "30" }).end('{"message":"slow down"}'),
  "502": (_, response) => response.writeHead(502, "Bad Gateway", { "Content-Type": "text/html" }).end("<html>Bad Gateway</html>"),
  "304": (_, response) => response.writeHead(304, { ETag: '"abc"' }).end(),
};

/** The stand-in of the service: a page whose `next` is whatever the test puts there, anything else echoed. */
let siguiente: string | undefined;
const api = servidor((request, response) => {
  const path = new URL(request.url ?? "", "http://x").pathname;
  const answer = ANSWERS[path.replace("/v3/marcas/", "")];
  if (answer) return answer(request, response);
  if (path.endsWith("/v3/consultas/a%40b.ar"))
    return json(response, 200, {
      _links: { self: { href: "/v3/consultas/a%40b.ar" }, ...(siguiente && { next: { href: siguiente } }) },
      _entries: [],
    });
  json(response, 200, { path });
});
const otro = servidor((_, response) => json(response, 200, { robado: true }));
let apiUrl = "";
/** The last digit of the other server's port: `${apiUrl}` + `${digito}/v3/…` is the other server. */
let digito = "";

beforeAll(async () => {
  // The other server's port is the API's with one more digit, as in the report (4100 → 41000).
  for (let attempt = 0; !apiUrl; attempt++) {
    const port = await escuchar(otro.server, 0);
    try {
      apiUrl = `http://127.0.0.1:${await escuchar(api.server, Math.floor(port / 10))}`;
      digito = String(port % 10);
    } catch (error) {
      await cerrar(otro.server);
      if (attempt === 20) throw error;
    }
  }
});

afterAll(async () => {
  await cerrar(api.server);
  await cerrar(otro.server);
});

beforeEach(() => {
  api.recibidos.length = 0;
  otro.recibidos.length = 0;
  siguiente = undefined;
});

const cliente = (baseUrl = apiUrl) => createClient({ baseUrl, appKey: "k".repeat(32), appSecret: "el-secreto" });
const enlace = (href: string): Link => ({ href });

describe("follow() and pages() sign only requests to the client's own API", () => {
  it("follows a link of the API, signed, and an absolute URL on it", async () => {
    expect(await cliente().follow(enlace("/v3/agencias/a%40b.ar/productos"))).toEqual({ path: "/v3/agencias/a%40b.ar/productos" });
    expect(await cliente().follow(enlace(`${apiUrl}/v3/regiones/1`))).toEqual({ path: "/v3/regiones/1" });
    expect(api.recibidos.map((request) => request.url)).toEqual(["/v3/agencias/a%40b.ar/productos", "/v3/regiones/1"]);
    expect(api.recibidos.every((request) => request.authorization?.startsWith(`ACS-HMAC ${"k".repeat(32)}:`))).toBe(true);
  });

  it("refuses a link to another port, host or path, and sends nothing anywhere", async () => {
    const port = `127.0.0.1:${apiUrl.split(":").at(-1)}${digito}`;
    const hrefs = [
      `${digito}/v3/agencias`, // the report: appended to the base, another port
      `//${port}/v3/agencias`,
      `\\\\${port}/v3/agencias`,
      `/\\${port}/v3/agencias`,
      `http://${port}/v3/agencias`,
      `@${port}/v3/agencias`,
      "/v3/../../agencias",
      "/v3/%2e%2e/agencias",
      "/v3%2f..%2fagencias",
      "/otra/v3/agencias",
      "v3/../agencias",
    ];
    for (const href of hrefs) {
      await expect(cliente().follow(enlace(href)), href).rejects.toThrow(
        new TypeError(`El enlace ${href} no está en la API de ${apiUrl}: el SDK firma solo pedidos a ${apiUrl}/v3.`),
      );
    }
    await expect(cliente().follow(enlace(hrefs[0] as string))).rejects.toBeInstanceOf(TypeError);
    expect(otro.recibidos).toEqual([]);
    expect(api.recibidos).toEqual([]);
  });

  it("a host name appended to the base's (api.vitrina.example + .attacker…) is refused before any lookup", async () => {
    const vitrina = cliente("http://api.vitrina.invalid");
    await expect(vitrina.follow(enlace(".attacker.invalid/v3/agencias"))).rejects.toThrow(
      /no está en la API de http:\/\/api\.vitrina\.invalid/,
    );
  });

  it("under a base URL with a path, links continue it and cannot leave it", async () => {
    const vitrina = cliente(`${apiUrl}/api/`);
    expect(await vitrina.follow(enlace("/v3/regiones/1"))).toEqual({ path: "/api/v3/regiones/1" });
    for (const href of ["/../v3/regiones/1", "/v3/../../v3/regiones/1", "/v3/%2E%2E/%2e%2e/v3/regiones/1", `${apiUrl}/v3/regiones/1`]) {
      await expect(vitrina.follow(enlace(href)), href).rejects.toThrow(`El enlace ${href} no está en la API de ${apiUrl}/api`);
    }
    expect(api.recibidos.map((request) => request.url)).toEqual(["/api/v3/regiones/1"]);
  });

  it("pages() stops at a next link that leaves the API, before sending it", async () => {
    siguiente = `${digito}/v3/consultas/a%40b.ar?pagina=2`;
    const paginas = cliente().pages("/v3/consultas/{adminMail}", { params: { path: { adminMail: "a@b.ar" } } });
    expect((await paginas.next()).value).toMatchObject({ _entries: [] });
    await expect(paginas.next()).rejects.toThrow(`El enlace ${siguiente} no está en la API de ${apiUrl}`);
    expect(otro.recibidos).toEqual([]);
    expect(api.recibidos).toHaveLength(1);
  });

  it("a typed call told to go elsewhere (openapi-fetch's baseUrl option) is not signed nor sent", async () => {
    const elsewhere = `http://127.0.0.1:${apiUrl.split(":").at(-1)}${digito}`;
    await expect(cliente().GET("/v3/regiones", { baseUrl: elsewhere })).rejects.toThrow(
      `El pedido a ${elsewhere}/v3/regiones no está en la API de ${apiUrl}`,
    );
    expect(otro.recibidos).toEqual([]);
  });
});

describe("every answer that is not 2xx comes with an error", () => {
  const marca = (status: number) => cliente().GET("/v3/marcas/{id}", { params: { path: { id: status } } });
  const hecho = (status: number, Title: string, Detail: string) => ({
    Type: `https://httpstatuses.com/${status}`,
    Title,
    Status: status,
    Detail,
    Instance: `/v3/marcas/${status}`,
    Extensions: {},
  });

  it("a 404 without body: a problem of the client's own, in the service's shape", async () => {
    const { data, error, response } = await marca(404);
    expect(data).toBeUndefined();
    expect(error).toEqual(hecho(404, "No encontrado", "El recurso no existe para la app."));
    // Typed as the problem it is (not the map of its media types).
    const title: string | undefined = error?.Title;
    expect(title).toBe("No encontrado");
    expect(response.status).toBe(404);
    expect(response.headers.get("x-request-id")).toBe("01J0000000000000000000000");
    const thrown = await orThrow(marca(404)).catch((caught: unknown) => caught);
    expect(thrown).toBeInstanceOf(VitrinaError);
    expect(thrown).toMatchObject({ status: 404, problem: error, message: "404 No encontrado: El recurso no existe para la app." });
  });

  it("a proxy's HTML or JSON that is no problem: a problem with the status, the answer's headers kept", async () => {
    const badGateway = await marca(502);
    expect(badGateway.error).toEqual(hecho(502, "Error 502", "La API respondió 502 Bad Gateway sin un problema en el cuerpo."));
    expect(badGateway.response.headers.get("content-type")).toBe("application/problem+json; charset=utf-8");
    const tooMany = await marca(429);
    expect(tooMany.error).toEqual(hecho(429, "Error 429", "La API respondió 429 Too Many Requests sin un problema en el cuerpo."));
    expect(tooMany.response.headers.get("retry-after")).toBe("30");
  });

  it("the service's problem passes as it was sent", async () => {
    const { error } = await marca(400);
    expect(error).toEqual(problemaDelServicio);
    expect(await orThrow(marca(400)).catch((caught: VitrinaError) => caught.errors)).toEqual({ id: ["Debe ser un número."] });
  });

  it("a 304 (Not Modified) is no failure and carries nothing", async () => {
    const { data, error, response } = await marca(304);
    expect([data, error, response.status]).toEqual([undefined, undefined, 304]);
  });
});

describe("pages() and entries() take { params } as every call of the client", () => {
  const params = { path: { adminMail: "a@b.ar" }, query: { desde: "2026-01-01", pagina: 2 } };

  it("sends the path and query of { params }, and follows next", async () => {
    siguiente = "/v3/consultas/a%40b.ar?desde=2026-01-01&pagina=3";
    const paginas = cliente().pages("/v3/consultas/{adminMail}", { params });
    await paginas.next();
    siguiente = undefined;
    await paginas.next();
    expect((await paginas.next()).done).toBe(true);
    for await (const _ of cliente().entries("/v3/consultas/{adminMail}", { params })) break;
    expect(api.recibidos.map((request) => request.url)).toEqual([
      "/v3/consultas/a%40b.ar?desde=2026-01-01&pagina=2",
      "/v3/consultas/a%40b.ar?desde=2026-01-01&pagina=3",
      "/v3/consultas/a%40b.ar?desde=2026-01-01&pagina=2",
    ]);
  });

  it("still takes SDK 3.0's { path, query }, and sends the same", async () => {
    for await (const _ of cliente().pages("/v3/consultas/{adminMail}", params)) break;
    for await (const _ of cliente().entries("/v3/consultas/{adminMail}", params)) break;
    expect(api.recibidos.map((request) => request.url)).toEqual([
      "/v3/consultas/a%40b.ar?desde=2026-01-01&pagina=2",
      "/v3/consultas/a%40b.ar?desde=2026-01-01&pagina=2",
    ]);
  });
});
