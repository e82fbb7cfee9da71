import { readFileSync } from "node:fs";
import { createServer, type ServerResponse } from "node:http";
import path from "node:path";

/**
 * A photo server on loopback, good and hostile by path (docs/contract.md#photos): real images of
 * each format and size, a page, a body that never ends or never comes, redirects and a 404.
 */

const here = import.meta.dirname;
const file = (name: string) => readFileSync(path.join(here, name));
export const DEMO_JPEG = file("../../public/demo/fotos/1.jpg");

type Handler = (response: ServerResponse, query: string) => void;
const image =
  (type: string, bytes: Buffer): Handler =>
  (response) =>
    response.writeHead(200, { "Content-Type": type }).end(bytes);
const MB = 1024 * 1024;
const asked = new Set<string>();

const handlers: Record<string, Handler> = {
  "/buena.jpg": image("image/jpeg", DEMO_JPEG),
  "/grande.png": image("image/png", file("fotos/1024x768.png")),
  "/retrato.webp": image("image/webp", file("fotos/retrato-480x640.webp")),
  "/chica.png": image("image/png", file("fotos/chica-320x240.png")),
  "/animada.gif": image("image/gif", file("fotos/800x600.gif")),
  "/pagina.jpg": (response) => response.writeHead(200, { "Content-Type": "text/html" }).end("<!doctype html><h1>Hola</h1>"),
  // Says 11 MB: refused before reading.
  "/enorme.jpg": (response) => {
    response.writeHead(200, { "Content-Type": "image/jpeg", "Content-Length": String(11 * MB) });
    response.write(DEMO_JPEG);
  },
  // A real JPEG's start, then bytes without end, as fast as the socket takes them.
  "/sin-fin.jpg": (response) => {
    response.writeHead(200, { "Content-Type": "image/jpeg" });
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const more = () => {
      while (!response.destroyed && response.write(chunk));
    };
    response.write(DEMO_JPEG);
    response.on("drain", more);
    more();
  },
  // Headers at once, then a byte now and then: never done within the time limit.
  "/lenta.jpg": (response) => {
    response.writeHead(200, { "Content-Type": "image/jpeg" });
    const timer = setInterval(() => response.write(DEMO_JPEG.subarray(0, 1)), 1000);
    response.on("close", () => clearInterval(timer));
  },
  "/a-privada.jpg": (response) => response.writeHead(302, { Location: "http://10.0.0.1/foto.jpg" }).end(),
  "/a-la-nube.jpg": (response) => response.writeHead(301, { Location: "http://169.254.169.254/latest/meta-data/" }).end(),
  "/mudada.jpg": (response) => response.writeHead(302, { Location: "/buena.jpg" }).end(),
  // 503 the first time each query asks, the photo afterwards: a failure that passes.
  "/a-veces.jpg": (response, query) => {
    if (asked.has(query)) image("image/jpeg", DEMO_JPEG)(response, query);
    else response.writeHead(503, { "Retry-After": "1" }).end("ocupado");
    asked.add(query);
  },
  "/vueltas.jpg": (response, query) => response.writeHead(302, { Location: `/vueltas.jpg?${Number(query || 0) + 1}` }).end(),
};

export async function startPhotoServer() {
  const server = createServer((request, response) => {
    const [pathname = "/", query = ""] = (request.url ?? "/").split("?");
    const handler = handlers[pathname];
    if (handler) handler(response, query);
    else response.writeHead(404, { "Content-Type": "text/plain" }).end("no está");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: (name: string) => `http://127.0.0.1:${port}${name}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
