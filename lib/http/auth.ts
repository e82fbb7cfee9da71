import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import { unauthorizedProblem } from "@/lib/api/problem";
import { type AuthenticatedApp, findAppByKey } from "@/lib/service/apps/find-app";
import { rememberSignature } from "./replay";
import { canonicalString, signCanonical } from "./signing";

export const MAX_CLOCK_SKEW_SECONDS = 300;

const AUTHORIZATION = /^ACS-HMAC\s+([0-9a-f]{32}):([A-Za-z0-9+/]{43}=)$/;

function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function checkDate(headers: Headers, now: Date): void {
  const value = headers.get("x-acs-date") ?? headers.get("date");
  if (!value) throw unauthorizedProblem("Falta la fecha de la solicitud: enviá el encabezado Date o X-ACS-Date.");
  const time = Date.parse(value);
  if (Number.isNaN(time)) throw unauthorizedProblem("La fecha de la solicitud no es una fecha HTTP válida (RFC 7231).");
  if (Math.abs(time - now.getTime()) > MAX_CLOCK_SKEW_SECONDS * 1000) {
    throw unauthorizedProblem(`La fecha de la solicitud difiere en más de ${MAX_CLOCK_SKEW_SECONDS} s del reloj del servicio.`);
  }
}

function checkDigest(headers: Headers, body: Uint8Array): void {
  const digest = headers.get("digest");
  if (!digest) {
    if (body.length > 0) throw unauthorizedProblem("Falta el encabezado Digest: una solicitud con cuerpo debe enviarlo (sha-256=...).");
    return;
  }
  const offered = digest.split(",").map((part) => part.trim());
  const matches = offered.some((entry) => {
    const separator = entry.indexOf("=");
    const algorithm = entry.slice(0, separator).toLowerCase();
    const expected = algorithm === "sha-256" ? "sha256" : algorithm === "sha-512" ? "sha512" : undefined;
    return expected !== undefined && constantTimeEqual(entry.slice(separator + 1), createHash(expected).update(body).digest("base64"));
  });
  if (!matches) throw unauthorizedProblem("El encabezado Digest no coincide con el cuerpo enviado (se aceptan sha-256 y sha-512).");
}

/** ACS-HMAC (docs/contract.md#authentication): every check, in order, each failure a 401 that names it. */
export async function authenticate(request: {
  method: string;
  pathAndQuery: string;
  headers: Headers;
  body: Uint8Array;
  now?: Date;
}): Promise<AuthenticatedApp> {
  const now = request.now ?? new Date();
  const authorization = request.headers.get("authorization");
  if (!authorization) throw unauthorizedProblem("Falta el encabezado Authorization (ACS-HMAC {AppKey}:{Firma}).");
  const match = AUTHORIZATION.exec(authorization.trim());
  if (!match) throw unauthorizedProblem("El encabezado Authorization no tiene la forma ACS-HMAC {AppKey}:{Firma}.");
  const [, appKey = "", signature = ""] = match;
  checkDate(request.headers, now);
  let app = await findAppByKey(appKey);
  if (!app) throw unauthorizedProblem("La AppKey no corresponde a ninguna app.");
  checkDigest(request.headers, request.body);
  const canonical = canonicalString({
    method: request.method,
    pathAndQuery: request.pathAndQuery,
    headers: Object.fromEntries(request.headers.entries()),
  });
  const signedBy = (candidate: AuthenticatedApp | undefined) =>
    candidate?.secrets.some((secret) => constantTimeEqual(signCanonical(secret, canonical), signature)) === true;
  // The app may be a few seconds old (find-app.ts): before refusing, ask the database for its secrets.
  if (!signedBy(app)) {
    app = await findAppByKey(appKey, { fresh: true });
    if (!app || !signedBy(app)) throw unauthorizedProblem("La firma no es válida para esta solicitud.");
  }
  if (!(await rememberSignature(signature, now))) {
    throw unauthorizedProblem("La firma ya fue usada: cada solicitud debe firmarse de nuevo (protección contra repetición).");
  }
  return app;
}
