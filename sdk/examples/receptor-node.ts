import { createServer, type Server } from "node:http";
import { type Notificacion, verifyWebhook } from "@vitrina/sdk";

/**
 * A webhook receiver on node:http: reads the raw body, verifies both signatures, answers 200 to a
 * good delivery (Vitrina retries anything else) and hands the typed notification on.
 */
export function receptor(secret: string, alRecibir: (notificacion: Notificacion) => void): Server {
  return createServer((request, response) => {
    const partes: Buffer[] = [];
    request.on("data", (parte: Buffer) => partes.push(parte));
    request.on("end", async () => {
      try {
        const notificacion = await verifyWebhook({ secret, headers: request.headers, body: Buffer.concat(partes).toString("utf8") });
        alRecibir(notificacion);
        response.writeHead(200).end("ok");
      } catch {
        response.writeHead(400).end("firma inválida");
      }
    });
  });
}
