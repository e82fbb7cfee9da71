import "server-only";
import { createClient } from "@vitrina/sdk";
import { getTranslations } from "next-intl/server";
import { LINES_TYPE } from "@/lib/api/media-types";
import { IDIOMA_PREDETERMINADO, type Traductor } from "./i18n/idiomas";
import { traductorDe } from "./i18n/mensajes";
import { leerProblema, type Problema } from "./problema";
import type { AgenciaCambios, AgenciaInvitacion, CuerpoDe, OperationId, ParametrosDe, Topic, WebhookCambios } from "./v3-tipos";
import { workspaceConnection } from "./workspaces";

/**
 * The dashboard's client of the v3 API (docs/contract.md#product-and-boundary: the Panel talks to the service only over HTTP),
 * built on @vitrina/sdk as a partner's code is: each method is one typed operation of the OpenAPI
 * document, named by its operationId (the SDK's `operations` check the names), signed by the SDK with the workspace's AppKey and AppSecret
 * on the server. What the Panel adds: a timeout, problems as V3Error in the user's language, and a
 * failure to connect or an answer that is not JSON told in words.
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

const ESTADOS_CON_NOMBRE = [400, 401, 403, 404, 406, 409, 415, 429] as const;
const tieneNombre = (status: number): status is (typeof ESTADOS_CON_NOMBRE)[number] =>
  (ESTADOS_CON_NOMBRE as readonly number[]).includes(status);

/** The status's name, for an answer that carried no problem (a 404, a proxy's 502 page). */
function sinProblema(status: number, t: Traductor): Problema {
  return { Title: tieneNombre(status) ? t(`respuestas.v3.estados.${status}`) : t("respuestas.v3.estado", { status }), Status: status };
}

/** The body as JSON; undefined when it is empty or not JSON. */
function comoJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
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

const TIEMPO_MAXIMO_MS = 15_000;

export type V3ClientOptions = { t?: Traductor; fetchImpl?: (request: Request) => Promise<Response> };

/** What an openapi-fetch call resolves to. */
type Resultado = { data?: unknown; error?: unknown; response: Response };

/** Only the filters that say something: the Panel's forms send "" for a field left empty. */
function conValor<Q extends Record<string, unknown>>(query: Q): Q {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== null && value !== "")) as Q;
}

/**
 * A client signing with these credentials: a workspace's (v3ClientFor) or, for the Panel's connection
 * test, values not saved yet. `t`: the user's language (Spanish by default).
 */
export function crearClienteV3(connection: V3Connection, { t = ESPANOL, fetchImpl = (request) => fetch(request) }: V3ClientOptions = {}) {
  const base = connection.apiBaseUrl.replace(/\/+$/, "");

  /**
   * Sends what the SDK signed: no cache, no redirect followed, a timeout. A V3Error for a failure to
   * connect, a 2xx that is not JSON, and an answer that is not 2xx and brings no problem, told by its
   * status in the user's language (the SDK would make one of its own, in Spanish).
   */
  async function enviar(request: Request): Promise<Response> {
    const signal = AbortSignal.any([request.signal, AbortSignal.timeout(TIEMPO_MAXIMO_MS)]);
    let response: Response;
    let text: string;
    try {
      response = await fetchImpl(new Request(request, { cache: "no-store", redirect: "manual", signal }));
      text = await response.text();
    } catch (error) {
      throw new V3Error({ Title: t("respuestas.v3.sinConexion"), Status: 0, Detail: `${base}: ${causa(error, t)}` });
    }
    const body = comoJson(text);
    if (!response.ok && !leerProblema(response.status, body)) throw new V3Error(sinProblema(response.status, t));
    if (response.ok && text && body === undefined) {
      throw new V3Error({ Title: t("respuestas.v3.respuestaInvalida"), Status: response.status, Detail: t("respuestas.v3.noEsJson") });
    }
    return new Response(text || null, { status: response.status, statusText: response.statusText, headers: response.headers });
  }

  /**
   * Sends what the SDK signed for an answer that streams (the export): the timeout runs until the
   * answer starts and then between two of its parts, not over the whole body, which may take minutes.
   * A body that stops arriving errors; a refusal is read whole, as `enviar` reads it.
   */
  async function enviarFlujo(request: Request): Promise<Response> {
    const quieto = new AbortController();
    // Node's fetch does not always error a body already started when its request is aborted: the
    // watched stream is errored itself, and the abort then closes the connection.
    let cortarCuerpo: ((razon: DOMException) => void) | undefined;
    let reloj: ReturnType<typeof setTimeout> | undefined;
    const esperar = () => {
      clearTimeout(reloj);
      reloj = setTimeout(() => {
        const razon = new DOMException(t("respuestas.v3.sinRespuestaATiempo"), "TimeoutError");
        cortarCuerpo?.(razon);
        quieto.abort(razon);
      }, TIEMPO_MAXIMO_MS);
      reloj.unref();
    };
    esperar();
    const signal = AbortSignal.any([request.signal, quieto.signal]);
    try {
      const response = await fetchImpl(new Request(request, { cache: "no-store", redirect: "manual", signal }));
      if (!response.ok || !response.body) {
        const text = await response.text();
        clearTimeout(reloj);
        return new Response(text || null, { status: response.status, statusText: response.statusText, headers: response.headers });
      }
      const vigilado = new TransformStream<Uint8Array, Uint8Array>({
        start(controller) {
          cortarCuerpo = (razon) => controller.error(razon);
        },
        transform(parte, controller) {
          esperar();
          controller.enqueue(parte);
        },
        flush: () => clearTimeout(reloj),
      });
      return new Response(response.body.pipeThrough(vigilado), { status: response.status, headers: response.headers });
    } catch (error) {
      clearTimeout(reloj);
      throw new V3Error({ Title: t("respuestas.v3.sinConexion"), Status: 0, Detail: `${base}: ${causa(error, t)}` });
    }
  }

  const sdk = createClient({
    baseUrl: base,
    appKey: connection.appKey,
    appSecret: connection.appSecret,
    // Signed like every x-acs-* header: the service tells the Panel's changes of a listing from the
    // partner's own in their notifications (Origen panel, docs/decisions/0068).
    headers: { Accept: "application/json", "X-ACS-Origen": "panel" },
    fetch: enviar,
  });

  /** The SDK's result of a 2xx; any other answer throws V3Error with the ProblemDetails. */
  async function ok<R extends Resultado>(pending: Promise<R>): Promise<R & { data: Exclude<R["data"], undefined> }> {
    const result = await pending;
    const { status } = result.response;
    if (!result.response.ok) throw new V3Error(leerProblema(status, result.error) ?? sinProblema(status, t));
    return result as R & { data: Exclude<R["data"], undefined> };
  }
  const data = async <R extends Resultado>(pending: Promise<R>) => (await ok(pending)).data;
  const agencia = (adminMail: string) => ({ params: { path: { adminMail } } });
  const topico = (topic: Topic) => ({ params: { path: { topic } } });
  const entrega = (topic: Topic, id: string) => ({ params: { path: { topic, id } } });
  const consulta = (adminMail: string, sid: string) => ({ params: { path: { adminMail, sid } } });
  const publicacion = (adminMail: string, externalId: string) => ({ params: { path: { adminMail, externalId } } });
  const suscripcion = (suscriptor: string) => ({ params: { path: { suscriptor } } });

  return {
    /** GET /v3: the entry points, with the status (the connection test). */
    getHome: async (timeoutMs?: number) => {
      const { data, response } = await ok(sdk.GET("/v3", { signal: timeoutMs ? AbortSignal.timeout(timeoutMs) : undefined }));
      return { status: response.status, body: data };
    },

    // Agencias
    listAgencias: (query: ParametrosDe<"listAgencias"> = {}) => data(sdk.GET("/v3/agencias", { params: { query: conValor(query) } })),
    inviteAgencia: async (body: AgenciaInvitacion) => {
      const { response } = await ok(sdk.POST("/v3/agencias", { body }));
      return { location: response.headers.get("Location") };
    },
    getAgencia: (adminMail: string) => data(sdk.GET("/v3/agencias/{adminMail}", agencia(adminMail))),
    /** OPTIONS: the methods the app may use on the agency now (its Allow header). */
    optionsAgencia: async (adminMail: string) => {
      const { response } = await ok(sdk.OPTIONS("/v3/agencias/{adminMail}", agencia(adminMail)));
      return (response.headers.get("Allow") ?? "").split(",").map((method) => method.trim());
    },
    editAgencia: (adminMail: string, body: AgenciaCambios) => data(sdk.PUT("/v3/agencias/{adminMail}", { ...agencia(adminMail), body })),
    detachAgencia: async (adminMail: string) => {
      await ok(sdk.PATCH("/v3/agencias/{adminMail}/desasociar", agencia(adminMail)));
    },
    getAgenciaProductos: (adminMail: string) => data(sdk.GET("/v3/agencias/{adminMail}/productos", agencia(adminMail))),

    // Notificaciones (webhooks y registro de entregas)
    listAppNotificaciones: () => data(sdk.GET("/v3/appnotificaciones")),
    getAppNotificacion: (topic: Topic) => data(sdk.GET("/v3/appnotificaciones/{topic}", topico(topic))),
    createAppNotificacion: (topic: Topic, body: WebhookCambios) =>
      data(sdk.POST("/v3/appnotificaciones/{topic}", { ...topico(topic), body })),
    updateAppNotificacion: (topic: Topic, body: WebhookCambios) =>
      data(sdk.PUT("/v3/appnotificaciones/{topic}", { ...topico(topic), body })),
    deleteAppNotificacion: async (topic: Topic) => {
      await ok(sdk.DELETE("/v3/appnotificaciones/{topic}", topico(topic)));
    },
    listEntregas: (topic: Topic, query: ParametrosDe<"listEntregas"> = {}) =>
      data(sdk.GET("/v3/appnotificaciones/{topic}/entregas", { params: { path: { topic }, query: conValor(query) } })),
    getEntrega: (topic: Topic, id: string) => data(sdk.GET("/v3/appnotificaciones/{topic}/entregas/{id}", entrega(topic, id))),
    retryEntrega: (topic: Topic, id: string) =>
      data(sdk.POST("/v3/appnotificaciones/{topic}/entregas/{id}/reintentar", entrega(topic, id))),
    sendTestNotification: (topic: Topic) => data(sdk.POST("/v3/appnotificaciones/{topic}/prueba", topico(topic))),

    // Alertas (extension): the subscriber is the Panel's user
    getAlertas: () => data(sdk.GET("/v3/alertas")),
    getSuscripcionAlertas: (suscriptor: string) => data(sdk.GET("/v3/alertas/{suscriptor}", suscripcion(suscriptor))),
    putSuscripcionAlertas: (suscriptor: string, body: CuerpoDe<"putSuscripcionAlertas">) =>
      data(sdk.PUT("/v3/alertas/{suscriptor}", { ...suscripcion(suscriptor), body })),
    deleteSuscripcionAlertas: async (suscriptor: string) => {
      await ok(sdk.DELETE("/v3/alertas/{suscriptor}", suscripcion(suscriptor)));
    },

    // Consultas
    listConsultas: (adminMail: string, filtros: ParametrosDe<"listConsultas"> = {}) =>
      data(sdk.GET("/v3/consultas/{adminMail}", { params: { path: { adminMail }, query: conValor(filtros) } })),
    getConsulta: (adminMail: string, sid: string) => data(sdk.GET("/v3/consultas/{adminMail}/{sid}", consulta(adminMail, sid))),
    /** GET /v3/consultas?q= (extension): the search across every agency of the app; each entry says its AdminMail. */
    searchConsultas: (query: ParametrosDe<"searchConsultas">) => data(sdk.GET("/v3/consultas", { params: { query: conValor(query) } })),
    /** PUT …/{sid}/atencion (extension): attended or not, by whom; the enquiry with its Atencion. */
    putConsultaAtencion: (adminMail: string, sid: string, body: CuerpoDe<"putConsultaAtencion">) =>
      data(sdk.PUT("/v3/consultas/{adminMail}/{sid}/atencion", { ...consulta(adminMail, sid), body })),
    /**
     * GET …/exportar (extension): every enquiry of the list's filters in one signed request, newest
     * first, one Consulta's JSON per line (the body's bytes, as they arrive). The body errors if the
     * answer is cut or stops arriving; `signal` ends the request (the person left).
     */
    exportarConsultas: async (adminMail: string, filtros: ParametrosDe<"exportarConsultas">, signal?: AbortSignal) => {
      const { data } = await ok(
        sdk.GET("/v3/consultas/{adminMail}/exportar", {
          params: { path: { adminMail }, query: conValor(filtros) },
          headers: { Accept: LINES_TYPE },
          parseAs: "stream",
          fetch: enviarFlujo,
          signal,
        }),
      );
      return data as ReadableStream<Uint8Array>;
    },
    /** GET …/resumen (extension): the period's numbers for the list's desde, hasta and operador. */
    getConsultasResumen: (adminMail: string, query: ParametrosDe<"getConsultasResumen"> = {}) =>
      data(sdk.GET("/v3/consultas/{adminMail}/resumen", { params: { path: { adminMail }, query: conValor(query) } })),
    /** GET …/{sid}/historial (extension): received, the app's marks and resends, its notifications' deliveries. */
    getConsultaHistorial: (adminMail: string, sid: string) =>
      data(sdk.GET("/v3/consultas/{adminMail}/{sid}/historial", consulta(adminMail, sid))),
    /** The notification queued again, and where it goes (Location: the configured Callback). */
    resendConsultaWebhook: async (adminMail: string, sid: string) => {
      const { data, response } = await ok(sdk.POST("/v3/consultas/{adminMail}/{sid}/resendwebhook", consulta(adminMail, sid)));
      return { notificacion: data, location: response.headers.get("Location") };
    },

    // Publicaciones (each method named as its operationId)
    listPublicaciones: (adminMail: string, filtros: ParametrosDe<"listPublicaciones"> = {}) =>
      data(sdk.GET("/v3/publicaciones/{adminMail}", { params: { path: { adminMail }, query: conValor(filtros) } })),
    getPublicacion: (adminMail: string, externalId: string) =>
      data(sdk.GET("/v3/publicaciones/{adminMail}/{externalId}", publicacion(adminMail, externalId))),
    /** PUT replaces every editable member: the caller sends the listing's own values with its change. */
    editPublicacion: (adminMail: string, externalId: string, body: CuerpoDe<"editPublicacion">) =>
      data(sdk.PUT("/v3/publicaciones/{adminMail}/{externalId}", { ...publicacion(adminMail, externalId), body })),
    archivePublicacion: async (adminMail: string, externalId: string) => {
      await ok(sdk.DELETE("/v3/publicaciones/{adminMail}/{externalId}", publicacion(adminMail, externalId)));
    },
    /** GET …/cambios (extension): the listing's changes, newest first, the first page. */
    listCambiosPublicacion: (adminMail: string, externalId: string) =>
      data(sdk.GET("/v3/publicaciones/{adminMail}/{externalId}/cambios", publicacion(adminMail, externalId))),

    // Catálogos
    listRegiones: () => data(sdk.GET("/v3/regiones")),
    bestMatchCiudad: (query: ParametrosDe<"bestMatchCiudad">) => data(sdk.GET("/v3/ciudades/bestmatch", { params: { query } })),
  } satisfies { [Op in OperationId]?: unknown };
}

export type V3Client = ReturnType<typeof crearClienteV3>;

/** The client of a workspace, with its AppSecret decrypted on the server, speaking the user's language. */
export async function v3ClientFor(workspaceId: string): Promise<V3Client> {
  const connection = await workspaceConnection(workspaceId);
  if (!connection) throw new Error(`El espacio de trabajo ${workspaceId} no existe`);
  return crearClienteV3(connection, { t: await getTranslations() });
}

/** True when `error` is a V3Error with that status (e.g. esEstadoV3(error, 404)). */
export function esEstadoV3(error: unknown, status: number): error is V3Error {
  return error instanceof V3Error && error.status === status;
}
