import "server-only";
import { getTranslations } from "next-intl/server";
import type { z } from "zod";
import type { Agencia, AgenciaCreateSchema, AgenciaEditSchema, AgenciaProductos, AgenciasSchema, EstadoAgencia } from "@/lib/api/agencias";
import type { CiudadSchema, RegionesSchema } from "@/lib/api/catalogo";
import type { Consulta, Consultas } from "@/lib/api/consultas";
import type { Entrega, Entregas, NotificationPayloadSchema } from "@/lib/api/entregas";
import type { EntryPointsSchema } from "@/lib/api/home";
import type { EstadoEntrega } from "@/lib/api/limites";
import type { AppWebhook, AppWebhooks, AppWebhookUpsertSchema } from "@/lib/api/webhooks";
import { signRequest } from "@/lib/http/signing";
import { IDIOMA_PREDETERMINADO, type Traductor } from "./i18n/idiomas";
import { traductorDe } from "./i18n/mensajes";
import { leerProblema, type Problema } from "./problema";
import { workspaceConnection } from "./workspaces";

/**
 * The dashboard's typed client of the v3 API (decisions §1: the Panel talks to the service only over
 * HTTP). Every request is signed here, on the server, with the workspace's AppKey and AppSecret.
 */

export type V3Connection = { apiBaseUrl: string; appKey: string; appSecret: string };

export class V3Error extends Error {
  readonly status: number;
  readonly problem: Problema;
  constructor(problem: Problema) {
    super(problem.Detail ? `${problem.Title}: ${problem.Detail}` : problem.Title);
    this.name = "V3Error";
    this.status = problem.Status;
    this.problem = problem;
  }
}

export type V3Response<T> = { status: number; headers: Headers; body: T };

type Query = Record<string, string | number | boolean | undefined | null>;
type RequestOptions = { query?: Query; body?: unknown; timeoutMs?: number };

export type Notificacion = z.output<typeof NotificationPayloadSchema>;
export type EntryPoints = z.output<typeof EntryPointsSchema>;
export type AgenciaInvitacion = z.input<typeof AgenciaCreateSchema>;
export type AgenciaCambios = z.input<typeof AgenciaEditSchema>;
export type WebhookCambios = z.input<typeof AppWebhookUpsertSchema>;
export type Agencias = z.output<typeof AgenciasSchema>;
export type Regiones = z.output<typeof RegionesSchema>;
export type Ciudad = z.output<typeof CiudadSchema>;
export type ConsultasFiltros = { operador?: string; externalid?: string; desde?: string; hasta?: string; pagina?: number };

const segment = (value: string) => encodeURIComponent(value).replace(/%40/g, "@");

function withQuery(path: string, query: Query | undefined): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== "") params.set(name, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

const ESTADOS_CON_NOMBRE = [400, 401, 403, 404, 406, 409, 415, 429] as const;
const tieneNombre = (status: number): status is (typeof ESTADOS_CON_NOMBRE)[number] =>
  (ESTADOS_CON_NOMBRE as readonly number[]).includes(status);

/** The status's name when the API's answer carried no problem (e.g. a proxy's 502 page). */
function toProblem(status: number, body: unknown, t: Traductor): Problema {
  const Title = tieneNombre(status) ? t(`respuestas.v3.estados.${status}`) : t("respuestas.v3.estado", { status });
  return leerProblema(status, body) ?? { Title, Status: status };
}

/** Why a fetch failed, with the system's code when there is one (ECONNREFUSED, ENOTFOUND…). */
function causa(error: unknown, t: Traductor): string {
  const { message, name, cause } = error as Error & { cause?: { code?: unknown } };
  if (name === "TimeoutError") return t("respuestas.v3.sinRespuestaATiempo");
  const code = typeof cause?.code === "string" ? cause.code : undefined;
  return code && !message.includes(code) ? `${message} (${code})` : message;
}

/** Spanish, for a client made outside a request (scripts, tests). */
const ESPANOL = traductorDe(IDIOMA_PREDETERMINADO);

export type V3ClientOptions = { t?: Traductor; fetchImpl?: typeof fetch };

/**
 * A client signing with these credentials: a workspace's (v3ClientFor) or, for the Panel's connection
 * test, values not saved yet. `t`: the user's language (Spanish by default).
 */
export function createV3Client(connection: V3Connection, { t = ESPANOL, fetchImpl = fetch }: V3ClientOptions = {}) {
  const base = connection.apiBaseUrl.replace(/\/+$/, "");

  /** One signed request: JSON in, JSON out; non-2xx throws V3Error with the ProblemDetails. */
  async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<V3Response<T>> {
    const url = new URL(base + withQuery(path, options.query));
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers = signRequest({
      method,
      pathAndQuery: url.pathname + url.search,
      appKey: connection.appKey,
      appSecret: connection.appSecret,
      body,
      headers: { Accept: "application/json", ...(body !== undefined && { "Content-Type": "application/json" }) },
    });
    let response: Response;
    try {
      response = await fetchImpl(url, {
        method,
        headers,
        body,
        cache: "no-store",
        redirect: "manual",
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      });
    } catch (error) {
      throw new V3Error({ Title: t("respuestas.v3.sinConexion"), Status: 0, Detail: `${base}: ${causa(error, t)}` });
    }
    const text = await response.text();
    let parsed: unknown;
    if (text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        if (response.ok)
          throw new V3Error({ Title: t("respuestas.v3.respuestaInvalida"), Status: response.status, Detail: t("respuestas.v3.noEsJson") });
      }
    }
    if (!response.ok) throw new V3Error(toProblem(response.status, parsed, t));
    return { status: response.status, headers: response.headers, body: parsed as T };
  }

  const get = async <T>(path: string, query?: Query) => (await request<T>("GET", path, { query })).body;
  const agencia = (adminMail: string) => `/v3/agencias/${segment(adminMail)}`;
  const topico = (topic: string) => `/v3/appnotificaciones/${segment(topic)}`;
  const consultas = (adminMail: string) => `/v3/consultas/${segment(adminMail)}`;

  return {
    request,

    /** GET /v3: the entry points, with the status (the connection test). */
    home: (timeoutMs?: number) => request<EntryPoints>("GET", "/v3", { timeoutMs }),

    // Agencias
    listAgencias: (query: { operador?: string; estado?: EstadoAgencia } = {}) => get<Agencias>("/v3/agencias", query),
    inviteAgencia: async (body: AgenciaInvitacion) => {
      const response = await request<undefined>("POST", "/v3/agencias", { body });
      return { location: response.headers.get("Location") };
    },
    getAgencia: (adminMail: string) => get<Agencia>(agencia(adminMail)),
    /** OPTIONS: the methods the app may use on the agency now (its Allow header). */
    permisosAgencia: async (adminMail: string) =>
      ((await request<undefined>("OPTIONS", agencia(adminMail))).headers.get("Allow") ?? "").split(",").map((method) => method.trim()),
    editAgencia: async (adminMail: string, body: AgenciaCambios) => (await request<Agencia>("PUT", agencia(adminMail), { body })).body,
    detachAgencia: async (adminMail: string) => {
      await request<undefined>("PATCH", `${agencia(adminMail)}/desasociar`);
    },
    getProductos: (adminMail: string) => get<AgenciaProductos>(`${agencia(adminMail)}/productos`),

    // Notificaciones (webhooks y registro de entregas)
    listAppNotificaciones: () => get<AppWebhooks>("/v3/appnotificaciones"),
    getAppNotificacion: (topic: string) => get<AppWebhook>(topico(topic)),
    createAppNotificacion: async (topic: string, body: WebhookCambios) => (await request<AppWebhook>("POST", topico(topic), { body })).body,
    updateAppNotificacion: async (topic: string, body: WebhookCambios) => (await request<AppWebhook>("PUT", topico(topic), { body })).body,
    deleteAppNotificacion: async (topic: string) => {
      await request<undefined>("DELETE", topico(topic));
    },
    listEntregas: (topic: string, query: { estado?: EstadoEntrega; pagina?: number } = {}) =>
      get<Entregas>(`${topico(topic)}/entregas`, query),
    getEntrega: (topic: string, id: string) => get<Entrega>(`${topico(topic)}/entregas/${segment(id)}`),
    retryEntrega: async (topic: string, id: string) =>
      (await request<Entrega>("POST", `${topico(topic)}/entregas/${segment(id)}/reintentar`)).body,
    sendTestNotification: async (topic: string) => (await request<Notificacion>("POST", `${topico(topic)}/prueba`)).body,

    // Consultas
    listConsultas: (adminMail: string, filtros: ConsultasFiltros = {}) => get<Consultas>(consultas(adminMail), filtros),
    getConsulta: (adminMail: string, sid: string) => get<Consulta>(`${consultas(adminMail)}/${segment(sid)}`),
    resendConsultaWebhook: async (adminMail: string, sid: string) =>
      (await request<Notificacion>("POST", `${consultas(adminMail)}/${segment(sid)}/resendwebhook`)).body,

    // Catálogos
    listRegiones: () => get<Regiones>("/v3/regiones"),
    bestMatchCiudad: (query: { state: string; city: string }) => get<Ciudad>("/v3/ciudades/bestmatch", query),
  };
}

export type V3Client = ReturnType<typeof createV3Client>;

/** The client of a workspace, with its AppSecret decrypted on the server, speaking the user's language. */
export async function v3ClientFor(workspaceId: string): Promise<V3Client> {
  const connection = await workspaceConnection(workspaceId);
  if (!connection) throw new Error(`El espacio de trabajo ${workspaceId} no existe`);
  return createV3Client(connection, { t: await getTranslations() });
}

/** True when `error` is a V3Error with that status (e.g. isV3Status(error, 404)). */
export function isV3Status(error: unknown, status: number): error is V3Error {
  return error instanceof V3Error && error.status === status;
}
