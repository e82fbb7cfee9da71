import { isDeepStrictEqual } from "node:util";
import { signRequest } from "../../lib/http/signing";
import { operarEn, type ServerEnv } from "./operador";
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
    const messages = await operarEn<{ Texto: string }[]>(server, "mail.list", { to: mail });
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
  await operarEn(server, "agency.operator", { admin, email, nombre, apellido });
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

/** An enquiry as GET /v3/consultas/{mail} lists it (the fields the tests read). */
export type ConsultaDeLaApi = {
  Momento: string;
  OperadorResponsable: string;
  TipoAnuncio: string;
  OrigenLead: string;
  Interesado: Record<string, unknown> & { Email: string; InfoOperacion?: Record<string, unknown> | null };
  Auto: Record<string, unknown> & { Precio?: { Moneda: string; Importe: number } | null };
  _links: { self: { href: string } };
};

/** The sid of an enquiry, from its self link. */
export const sidDe = (consulta: ConsultaDeLaApi) => consulta._links.self.href.split("?")[0]?.split("/").pop() as string;

/** Every entry of GET /v3/consultas/{mail}{query} across all pages, as the API answers them. */
export async function consultasDeLaApi(
  server: ServerEnv,
  app: Credenciales,
  mail: string,
  query: Record<string, string> = {},
): Promise<ConsultaDeLaApi[]> {
  const result: ConsultaDeLaApi[] = [];
  for (let pagina = 1; pagina <= 99; pagina++) {
    const search = new URLSearchParams({ ...query, pagina: String(pagina) }).toString();
    const response = await api(server, app, "GET", `/v3/consultas/${mail}?${search}`);
    if (response.status !== 200) throw new Error(`GET consultas: ${response.status} ${await response.text()}`);
    const body = (await response.json()) as { Total: number; PerPagina: number; _entries: ConsultaDeLaApi[] };
    result.push(...body._entries);
    if (pagina * body.PerPagina >= body.Total) break;
  }
  return result;
}

/** consultasDeLaApi, each enquiry as its sid, the interested person's e-mail and its operator. */
export async function todasLasConsultas(
  server: ServerEnv,
  app: Credenciales,
  mail: string,
  query: Record<string, string> = {},
): Promise<{ sid: string; email: string; operador: string }[]> {
  return (await consultasDeLaApi(server, app, mail, query)).map((entry) => ({
    sid: sidDe(entry),
    email: entry.Interesado.Email,
    operador: entry.OperadorResponsable,
  }));
}

/**
 * An API date-time (ISO 8601 with the service's offset) as the Panel writes it (decisions 0026): its
 * wall-clock parts, DD/MM/YYYY HH:mm, which the export's es-AR spreadsheets read as a date and time.
 */
function fechaHoraDe(iso: string): string {
  const [, anio, mes, dia, hora, minuto] = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(iso) ?? [];
  return `${dia}/${mes}/${anio} ${hora}:${minuto}`;
}

/**
 * Where each column of the inbox's CSV export comes from in the API's enquiry: the export's header
 * must be exactly these columns, in this order.
 */
const COLUMNAS_CSV: Record<string, (consulta: ConsultaDeLaApi) => unknown> = {
  Sid: sidDe,
  Momento: (c) => fechaHoraDe(c.Momento),
  ...Object.fromEntries(
    ["Nombre", "Apellido", "Email", "Telefono", "DocIdentidad", "Provincia", "Ciudad", "Interes", "Comentario"].map((campo) => [
      campo,
      (c: ConsultaDeLaApi) => c.Interesado[campo],
    ]),
  ),
  OperadorResponsable: (c) => c.OperadorResponsable,
  TipoAnuncio: (c) => c.TipoAnuncio,
  OrigenLead: (c) => c.OrigenLead,
  ...Object.fromEntries(
    ["ExternalId", "RefStock", "Marca", "Modelo", "Version", "VersionYear", "Kilometraje", "Color", "BodyType", "Estado"].map((campo) => [
      campo,
      (c: ConsultaDeLaApi) => c.Auto[campo],
    ]),
  ),
  PrecioMoneda: (c) => c.Auto.Precio?.Moneda,
  PrecioImporte: (c) => c.Auto.Precio?.Importe,
  Anticipo: (c) => c.Auto.Anticipo,
  Cuota: (c) => c.Auto.Cuota,
  EntregaVehiculo: (c) => c.Interesado.InfoOperacion?.EntregaVehiculo,
  FinanciacionDeseada: (c) => c.Interesado.InfoOperacion?.FinanciacionDeseada,
  QuiereCotizacionSeguro: (c) => c.Interesado.InfoOperacion?.QuiereCotizacionSeguro,
};

/**
 * Whether a CSV cell (already unquoted) reads back as the API's value: empty for none, numbers with
 * the es-AR decimal comma, sí/no, objects as JSON, text as is (with the apostrophe that keeps a
 * spreadsheet from running a value that starts like a formula).
 */
function celdaCoincide(celda: string, valor: unknown): boolean {
  if (valor === null || valor === undefined) return celda === "";
  if (typeof valor === "number") return !celda.includes(".") && Number(celda.replace(",", ".")) === valor;
  if (typeof valor === "boolean") return celda === (valor ? "sí" : "no");
  if (typeof valor === "object") {
    try {
      return isDeepStrictEqual(JSON.parse(celda), valor);
    } catch {
      return false;
    }
  }
  const texto = String(valor);
  // A spreadsheet runs =, @, a tab or CR as a formula: always protected. + and - only when not a number or phone.
  if (/^[=@\t\r]/.test(texto)) return celda === `'${texto}`;
  return celda === texto || (/^[+-]/.test(texto) && celda === `'${texto}`);
}

/**
 * Every difference between an exported CSV (its rows as leerCsv reads them, header first) and the
 * enquiries the API lists, matched by sid: a column missing or extra, a row missing or extra or
 * repeated, a cell that does not read back as the API's value. None: `[]`.
 */
export function diferenciasCsv(filas: string[][], consultas: ConsultaDeLaApi[]): string[] {
  const [cabecera = [], ...datos] = filas;
  const columnas = Object.keys(COLUMNAS_CSV);
  if (cabecera.join(";") !== columnas.join(";")) return [`cabecera: ${cabecera.join(";")} (se esperaba ${columnas.join(";")})`];
  const porSid = new Map(consultas.map((consulta) => [sidDe(consulta), consulta]));
  const vistas = new Set<string>();
  const diferencias: string[] = [];
  for (const fila of datos) {
    const sid = fila[0] ?? "";
    const consulta = porSid.get(sid);
    if (!consulta || vistas.has(sid)) {
      diferencias.push(`${sid}: ${consulta ? "repetida" : "no está en la API"}`);
      continue;
    }
    vistas.add(sid);
    columnas.forEach((columna, i) => {
      const valor = COLUMNAS_CSV[columna]?.(consulta);
      if (!celdaCoincide(fila[i] ?? "", valor))
        diferencias.push(`${sid} ${columna}: ${JSON.stringify(fila[i])} ≠ ${JSON.stringify(valor)}`);
    });
  }
  for (const sid of porSid.keys()) if (!vistas.has(sid)) diferencias.push(`${sid}: falta en el CSV`);
  return diferencias;
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
