import { signRequest } from "../../lib/http/signing";
import { adminCli, type ServerEnv } from "./panel";
import { registroValido } from "./registro";

export { autoDePrueba } from "./auto";

/**
 * Fixtures of the Panel's enquiry inbox against a server an e2e spec started itself (the helpers of
 * tests/support/consultas.ts read vitest's injected server; these take the server as an argument):
 * signed API calls with the workspace's credentials (startPanelService), agencies registered
 * through the real invitation flow (e-mail in the dev mailbox, JSON registration endpoint),
 * operators, listings and enquiries through POST /marketplace/*.
 */

export type Credenciales = { AppKey: string; AppSecret: string };

/** A request to the v3 API signed with the app's credentials. */
export function api(server: ServerEnv, app: Credenciales, method: string, pathAndQuery: string, body?: unknown) {
  const text = body === undefined ? undefined : JSON.stringify(body);
  const headers = signRequest({
    method,
    pathAndQuery,
    appKey: app.AppKey,
    appSecret: app.AppSecret,
    body: text,
    headers: text ? { "Content-Type": "application/json" } : {},
  });
  return fetch(server.baseUrl + pathAndQuery, { method, headers, body: text });
}

export function marketplace(server: ServerEnv, path: string, body: unknown) {
  return fetch(`${server.baseUrl}/marketplace/${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${server.env.MARKETPLACE_TOKEN}` },
    body: JSON.stringify(body),
  });
}

async function invitationLink(server: ServerEnv, mail: string): Promise<string> {
  for (let attempt = 0; attempt < 80; attempt++) {
    const messages = JSON.parse(await adminCli(server, "mail", "list", "--to", mail, "--json")) as { Texto: string }[];
    const link = messages[0]?.Texto.match(/https?:\/\/\S+\/registro\/[A-Za-z0-9_-]+/)?.[0];
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No llegó la invitación de ${mail}`);
}

/** Invites the agency with the app and registers it through the JSON registration endpoint. */
export async function registrarAgencia(server: ServerEnv, app: Credenciales, mail: string, nombre: string): Promise<void> {
  const invitada = await api(server, app, "POST", "/v3/agencias", { AdminMail: mail });
  if (invitada.status !== 202) throw new Error(`POST /v3/agencias: ${invitada.status} ${await invitada.text()}`);
  const link = await invitationLink(server, mail);
  const response = await fetch(`${link}/aceptar`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ ...registroValido, Nombre: nombre }),
  });
  if (response.status !== 200) throw new Error(`Registro de ${mail}: ${response.status} ${await response.text()}`);
}

export async function agregarOperador(server: ServerEnv, admin: string, email: string, nombre: string, apellido: string) {
  await adminCli(server, "agency", "operator", "--admin", admin, "--email", email, "--nombre", nombre, "--apellido", apellido, "--json");
}

export async function publicar(server: ServerEnv, app: Credenciales, mail: string, externalId: string, auto: unknown) {
  const response = await marketplace(server, "publicaciones", { AppKey: app.AppKey, AdminMail: mail, ExternalId: externalId, Auto: auto });
  if (response.status !== 201) throw new Error(`Publicación ${externalId}: ${response.status} ${await response.text()}`);
}

/** One enquiry through POST /marketplace/consultas; returns its sid. */
export async function ingresarConsulta(server: ServerEnv, body: Record<string, unknown>): Promise<string> {
  const response = await marketplace(server, "consultas", { OrigenLead: "form", ...body });
  if (response.status !== 201) throw new Error(`Consulta: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { Sid: string }).Sid;
}

/** Every entry of GET /v3/consultas/{mail}{query} across all pages, as the API answers them. */
export async function todasLasConsultas(
  server: ServerEnv,
  app: Credenciales,
  mail: string,
  query: Record<string, string> = {},
): Promise<{ sid: string; email: string; operador: string }[]> {
  const result: { sid: string; email: string; operador: string }[] = [];
  for (let pagina = 1; pagina <= 99; pagina++) {
    const search = new URLSearchParams({ ...query, pagina: String(pagina) }).toString();
    const response = await api(server, app, "GET", `/v3/consultas/${mail}?${search}`);
    if (response.status !== 200) throw new Error(`GET consultas: ${response.status} ${await response.text()}`);
    const body = (await response.json()) as {
      Total: number;
      PerPagina: number;
      _entries: { OperadorResponsable: string; Interesado: { Email: string }; _links: { self: { href: string } } }[];
    };
    for (const entry of body._entries) {
      result.push({
        sid: entry._links.self.href.split("/").pop() as string,
        email: entry.Interesado.Email,
        operador: entry.OperadorResponsable,
      });
    }
    if (pagina * body.PerPagina >= body.Total) break;
  }
  return result;
}

/** A `;`-separated CSV (RFC 4180 quoting) as rows of cells. */
export function leerCsv(text: string, separador = ";"): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === separador) {
      row.push(cell);
      cell = "";
    } else if (char === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += char;
  }
  if (cell || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}
