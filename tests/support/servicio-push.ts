import { createECDH, createPublicKey, randomBytes, verify } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import ece from "http_ece";

/**
 * A push service stand-in on loopback (what a browser's vendor runs): it takes the encrypted POST
 * of a Web Push message, checks its VAPID Authorization (RFC 8292: an ES256 JWT for this origin, made
 * with the key it carries) and decrypts it (RFC 8291) with the keys of a browser subscription made
 * here, as the browser would.
 */

export type PushRecibido = { path: string; headers: IncomingHttpHeaders; vapid: Vapid; payload: unknown };
type Vapid = { valido: boolean; clave: string; sub?: string; motivo?: string };

/** Checks `Authorization: vapid t=<JWT>, k=<key>` for `origin`; `esperada`: the server's public key. */
function verificarVapid(authorization: string | undefined, origin: string): Vapid {
  const match = authorization?.match(/^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/);
  if (!match) return { valido: false, clave: "", motivo: `Authorization sin VAPID: ${authorization}` };
  const [jwt, clave] = [match[1] as string, match[2] as string];
  const [header, claims, signature] = jwt.split(".") as [string, string, string];
  const point = Buffer.from(clave, "base64url");
  const key = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: point.subarray(1, 33).toString("base64url"), y: point.subarray(33, 65).toString("base64url") },
    format: "jwk",
  });
  const firmado = verify(
    "sha256",
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  const { alg } = JSON.parse(Buffer.from(header, "base64url").toString());
  const { aud, exp, sub } = JSON.parse(Buffer.from(claims, "base64url").toString());
  const motivo = !firmado
    ? "firma inválida"
    : alg !== "ES256"
      ? `alg ${alg}`
      : aud !== origin
        ? `aud ${aud}`
        : !(exp * 1000 > Date.now())
          ? "vencido"
          : undefined;
  return { valido: motivo === undefined, clave, sub, motivo };
}

export async function iniciarServicioPush(respuesta: () => number = () => 201) {
  const navegador = createECDH("prime256v1");
  navegador.generateKeys();
  const auth = randomBytes(16).toString("base64url");
  const recibidos: PushRecibido[] = [];
  const server = createServer((request, response) => {
    const partes: Buffer[] = [];
    request.on("data", (parte: Buffer) => partes.push(parte));
    request.on("end", () => {
      const origin = `http://127.0.0.1:${puerto}`;
      const claro = ece.decrypt(Buffer.concat(partes), { version: "aes128gcm", privateKey: navegador, authSecret: auth });
      recibidos.push({
        path: request.url ?? "/",
        headers: request.headers,
        vapid: verificarVapid(request.headers.authorization, origin),
        payload: JSON.parse(claro.toString("utf8")),
      });
      response.writeHead(respuesta()).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const puerto = typeof address === "object" && address ? address.port : 0;
  return {
    recibidos,
    /** The subscription a browser would hand the Panel (PushSubscription.toJSON()), for `path`. */
    suscripcion: (path = "/push/navegador") => ({
      endpoint: `http://127.0.0.1:${puerto}${path}`,
      keys: { p256dh: navegador.getPublicKey().toString("base64url"), auth },
    }),
    async esperar(cantidad = 1, timeoutMs = 20_000): Promise<PushRecibido[]> {
      const limite = Date.now() + timeoutMs;
      while (recibidos.length < cantidad) {
        if (Date.now() > limite) throw new Error(`El servicio push recibió ${recibidos.length} de ${cantidad} mensajes en ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return recibidos;
    },
    cerrar: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
