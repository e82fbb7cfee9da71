import { expect } from "vitest";
import { autoDePrueba } from "./auto";
import { type Credentials, server, signedFetch } from "./client";
import { invitationLink, registroValido } from "./registro";

/** Shared steps of the enquiry tests: agencies registered through the real flow, listings, enquiries. */

export const MARKETPLACE_TOKEN = "marketplace-token-for-tests";

export const unique = (name: string) => `${name}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@agencia.test`;

export const call = (app: Credentials, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  signedFetch(app, method, path, {
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: body === undefined ? headers : { "Content-Type": "application/json", ...headers },
  });

export const market = (path: string, body: unknown, headers: Record<string, string> = { Authorization: `Bearer ${MARKETPLACE_TOKEN}` }) =>
  fetch(`${server().baseUrl}/marketplace/${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

const registro = (compartir: boolean) => ({ ...registroValido, CompartirConsultasCatalogo: compartir });

/** An agency registered (through the JSON endpoint) with each app, sharing catalogue enquiries as told. */
export async function registered(attach: [Credentials, boolean][]): Promise<string> {
  const mail = unique("consultas");
  let previous: string | undefined;
  const links: string[] = [];
  for (const [app] of attach) {
    expect((await call(app, "POST", "/v3/agencias", { AdminMail: mail })).status).toBe(202);
    previous = await invitationLink(mail, previous);
    links.push(previous);
  }
  for (const [index, [, compartir]] of attach.entries()) {
    const response = await fetch(`${new URL(links[index] as string).toString()}/aceptar`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(registro(compartir)),
    });
    expect(response.status).toBe(200);
  }
  return mail;
}

export const auto = autoDePrueba;

export const interesado = (extra: Record<string, unknown> = {}) => ({
  Interes: "compra",
  Nombre: "Juan",
  Apellido: "Gómez",
  Email: "Juan.Gomez@Example.com",
  Comentario: "¿Sigue disponible?",
  ...extra,
});

export const publish = (app: Credentials, mail: string, externalId: string) =>
  market("publicaciones", { AppKey: app.AppKey, AdminMail: mail, ExternalId: externalId, Auto: auto() });

export async function enquiry(body: Record<string, unknown>): Promise<string> {
  const response = await market("consultas", { OrigenLead: "form", Interesado: interesado(), ...body });
  expect(response.status, await response.clone().text()).toBe(201);
  const { Sid } = await response.json();
  expect(Sid).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
  return Sid;
}

export const list = async (app: Credentials, mail: string, query = "", headers: Record<string, string> = {}) => {
  const response = await call(app, "GET", `/v3/consultas/${mail}${query}`, undefined, headers);
  return { response, body: response.status === 200 ? await response.json() : undefined };
};
