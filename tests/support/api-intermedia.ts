import { createServer, type IncomingMessage } from "node:http";

/** Headers that belong to one connection, not to the request (and the Host of this server). */
const DE_CONEXION = new Set(["host", "connection", "keep-alive", "content-length", "transfer-encoding", "accept-encoding"]);

/**
 * An HTTP server a Panel workspace takes for the API v3 (panel workspace --api): it passes each
 * request on to `destino` as is (ACS-HMAC signs the path and the x-acs-* headers, not the host), holds
 * them while `retener` (until `pasar`), or answers every one 200 with an empty JSON object while
 * `romper` (an API whose answers the Panel does not expect).
 */
export async function startApiIntermedia(destino: string) {
  let modo: "pasar" | "retener" | "romper" = "pasar";
  let abrir = () => {};
  let compuerta = Promise.resolve();
  let retenidas = 0;

  async function pasarA(request: IncomingMessage, cuerpo: Buffer) {
    const headers = Object.fromEntries(
      Object.entries(request.headers).flatMap(([nombre, valor]) =>
        typeof valor === "string" && !DE_CONEXION.has(nombre) ? [[nombre, valor]] : [],
      ),
    );
    return fetch(destino + (request.url ?? "/"), {
      method: request.method,
      headers,
      body: cuerpo.length > 0 ? new Uint8Array(cuerpo) : undefined,
      redirect: "manual",
    });
  }

  const server = createServer(async (request, response) => {
    const partes: Buffer[] = [];
    for await (const parte of request) partes.push(parte as Buffer);
    if (modo === "romper") {
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end("{}");
      return;
    }
    if (modo === "retener") {
      retenidas++;
      await compuerta;
    }
    const respuesta = await pasarA(request, Buffer.concat(partes));
    const headers: Record<string, string> = {};
    for (const nombre of ["content-type", "location", "etag"]) {
      const valor = respuesta.headers.get(nombre);
      if (valor) headers[nombre] = valor;
    }
    response.writeHead(respuesta.status, headers);
    response.end(Buffer.from(await respuesta.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;

  return {
    url: `http://127.0.0.1:${port}`,
    /** Requests held since the last `retener`. */
    retenidas: () => retenidas,
    retener() {
      modo = "retener";
      retenidas = 0;
      compuerta = new Promise<void>((resolve) => {
        abrir = resolve;
      });
    },
    romper() {
      modo = "romper";
    },
    /** Back to passing requests on, the held ones included. */
    pasar() {
      modo = "pasar";
      abrir();
    },
    close: () =>
      new Promise<void>((resolve) => {
        abrir();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
