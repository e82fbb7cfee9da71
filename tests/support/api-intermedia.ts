import { createServer, type IncomingMessage, type ServerResponse } from "node:http";

/** Headers that belong to one connection, not to the request (and the Host of this server). */
const DE_CONEXION = new Set(["host", "connection", "keep-alive", "content-length", "transfer-encoding", "accept-encoding"]);

/**
 * An HTTP server a Panel workspace takes for the API v3 (panel workspace --api): it passes each
 * request on to `destino` as is (ACS-HMAC signs the path and the x-acs-* headers, not the host) and
 * streams the answer back as it comes, noting each request's path and query (`solicitudes`). It holds
 * them while `retener` (until `pasar`), answers every one 200 with an empty JSON object while `romper`
 * (an API whose answers the Panel does not expect), or, while `cortar`, sends the first bytes of each
 * answer and then drops the connection without ending the body (a network or a proxy that fails).
 */
export async function startApiIntermedia(destino: string) {
  let modo: "pasar" | "retener" | "romper" | "cortar" = "pasar";
  let bytesAntesDelCorte = 0;
  let abrir = () => {};
  let compuerta = Promise.resolve();
  let retenidas = 0;
  const solicitudes: string[] = [];

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

  /** The answer's body as it arrives; while `cortar`, only its first bytes, then the connection dropped. */
  async function enviarCuerpo(respuesta: Response, response: ServerResponse) {
    const lector = respuesta.body?.getReader();
    let enviados = 0;
    for (let parte = await lector?.read(); parte && !parte.done; parte = await lector?.read()) {
      if (modo === "cortar" && enviados + parte.value.length >= bytesAntesDelCorte) {
        response.write(parte.value.subarray(0, Math.max(0, bytesAntesDelCorte - enviados)));
        await lector?.cancel();
        response.destroy();
        return;
      }
      enviados += parte.value.length;
      response.write(parte.value);
    }
    response.end();
  }

  const server = createServer(async (request, response) => {
    solicitudes.push(request.url ?? "/");
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
    await enviarCuerpo(respuesta, response).catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;

  return {
    url: `http://127.0.0.1:${port}`,
    /** Requests held since the last `retener`. */
    retenidas: () => retenidas,
    /** The path and query of each request received since the last `olvidar`, in order. */
    solicitudes: () => [...solicitudes],
    olvidar() {
      solicitudes.length = 0;
    },
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
    /** From now on each answer stops after its first `bytes` bytes, its connection dropped. */
    cortar(bytes: number) {
      modo = "cortar";
      bytesAntesDelCorte = bytes;
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
