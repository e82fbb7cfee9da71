import * as z from "zod/mini";
import {
  callbackProblem,
  HEADER_TOKEN,
  headerValueProblem,
  isConnectionHeader,
  isReservedHeader,
  LIMITES_WEBHOOK,
} from "@/lib/api/limites";
import { IDIOMA_PREDETERMINADO, type Idioma, LOCALES, type Textos } from "@/lib/panel/i18n";

/**
 * What the Notificaciones part of the panel shares between the server and the browser. The form
 * checks the limits of AppWebhookUpsert (lib/api/limites.ts, decisions §6) with zod/mini, small in
 * the browser. Whether `http` Callbacks and private addresses are allowed are the service's
 * settings (WEBHOOK_ALLOW_HTTP, WEBHOOK_ALLOW_PRIVATE_NETWORKS): the form accepts them and the
 * API's 400 answer is shown under the field. Messages come
 * in the Panel's language from the caller's dictionary (lib/panel/i18n).
 */

type TextosNotificaciones = Textos["notificaciones"];

/** The event of each topic of decisions §9; titles and descriptions are in the dictionaries. */
export const TOPICOS: Record<string, { evento: string }> = {
  agencias: { evento: "agencia.registrada" },
  consultas: { evento: "consulta.recibida" },
};

/** Other topics the service may add show their name only. */
export const tituloTopico = (topic: string, t: TextosNotificaciones) => t.topicos[topic]?.titulo ?? topic;

export const descripcionTopico = (topic: string, t: TextosNotificaciones): string | undefined => t.topicos[topic]?.descripcion;

/** A topic name that can be sent to the API as a path segment. */
export const esTopicoValido = (topic: string) => topic.length <= LIMITES_WEBHOOK.topic && /^[a-z0-9][a-z0-9._-]*$/i.test(topic);

// ── The configuration form ────────────────────────────────────────────────────────────────────

export const MODOS_SECRETO = ["conservar", "generar", "escribir", "ninguno"] as const;
export type ModoSecreto = (typeof MODOS_SECRETO)[number];

type Validacion = TextosNotificaciones["validacion"];

const headerSchema = (v: Validacion) =>
  z.object({
    nombre: z.string().check(
      z.trim(),
      z.minLength(1, v.nombreFalta),
      z.maxLength(LIMITES_WEBHOOK.headerNombre, v.nombreMax(LIMITES_WEBHOOK.headerNombre)),
      z.refine((value) => HEADER_TOKEN.test(value), v.token),
      z.refine((value) => !isReservedHeader(value), v.reservado),
      z.refine((value) => !isConnectionHeader(value), v.conexion),
    ),
    valor: z.string().check(
      z.trim(),
      z.maxLength(LIMITES_WEBHOOK.headerValor, v.valorMax(LIMITES_WEBHOOK.headerValor)),
      z.refine((value) => headerValueProblem(value) !== "control", v.saltos),
      z.refine((value) => headerValueProblem(value) !== "latin1", v.latin1),
    ),
  });

/**
 * The Callback's problem in the Panel's words (the form accepts http too, and addresses the
 * service may refuse, such as localhost: see above).
 */
function callbackMensaje(value: string, v: Validacion): string | undefined {
  const problema = callbackProblem(value, true);
  if (problema?.kind === "control") return v.urlControl;
  if (problema?.kind === "credentials") return v.credenciales;
  if (problema?.kind === "uri") return v.urlAbsoluta;
  if (problema?.kind === "scheme") return v.https;
  if (problema?.kind === "host") return v.host;
  return undefined;
}

/** The configuration form's rules (the API's limits), with messages in the Panel's language. */
export const formularioSchemaDe = (v: Validacion) =>
  z
    .object({
      callback: z.string().check(
        z.trim(),
        z.minLength(1, v.callbackFalta),
        z.maxLength(LIMITES_WEBHOOK.callback, v.callbackMax(LIMITES_WEBHOOK.callback)),
        z.superRefine((value, ctx) => {
          const message = callbackMensaje(value, v);
          if (message) ctx.addIssue({ code: "custom", message });
        }),
      ),
      modoSecreto: z.enum(MODOS_SECRETO),
      secreto: z.string(),
      descripcion: z.string().check(z.maxLength(LIMITES_WEBHOOK.descripcion, v.descripcionMax(LIMITES_WEBHOOK.descripcion))),
      activo: z.boolean(),
      headers: z.array(headerSchema(v)).check(z.maxLength(LIMITES_WEBHOOK.headers, v.headersMax(LIMITES_WEBHOOK.headers))),
    })
    .check(
      z.superRefine((values, ctx) => {
        if (values.modoSecreto !== "escribir") return;
        const length = values.secreto.length;
        if (length < LIMITES_WEBHOOK.secretMin || length > LIMITES_WEBHOOK.secretMax) {
          ctx.addIssue({
            code: "custom",
            path: ["secreto"],
            message: v.secretoRango(LIMITES_WEBHOOK.secretMin, LIMITES_WEBHOOK.secretMax, length),
          });
        }
      }),
      z.superRefine((values, ctx) => {
        const vistos = new Set<string>();
        values.headers.forEach((header, index) => {
          const nombre = header.nombre.trim().toLowerCase();
          if (nombre && vistos.has(nombre)) ctx.addIssue({ code: "custom", path: ["headers", index, "nombre"], message: v.duplicado });
          vistos.add(nombre);
        });
      }),
    );

export type FormularioWebhook = z.infer<ReturnType<typeof formularioSchemaDe>>;

/** The body the panel's route handler receives and forwards to the API (AppWebhookUpsert). */
export type WebhookUpsert = {
  Callback: string;
  Secret: string | null;
  Description: string | null;
  Activo: boolean;
  HeaderCustom01: { Name: string; Value: string } | null;
  HeaderCustom02: { Name: string; Value: string } | null;
  HeaderCustom03: { Name: string; Value: string } | null;
};

/** The form's values as the API's body; `secreto` is the one to send (generated or typed), or null. */
export function aUpsert(values: FormularioWebhook, secreto: string | null): WebhookUpsert {
  const header = (index: number) => {
    const row = values.headers[index];
    return row ? { Name: row.nombre.trim(), Value: row.valor.trim() } : null;
  };
  return {
    Callback: values.callback.trim(),
    Secret: secreto,
    Description: values.descripcion.trim() === "" ? null : values.descripcion.trim(),
    Activo: values.activo,
    HeaderCustom01: header(0),
    HeaderCustom02: header(1),
    HeaderCustom03: header(2),
  };
}

/** A field of the form for each key of the API's Errors (HeaderCustom0N is the N-th row). */
export function campoDeError(clave: string): string | undefined {
  if (clave === "Callback") return "callback";
  if (clave === "Secret") return "secreto";
  if (clave === "Description") return "descripcion";
  if (clave === "Activo") return "activo";
  const header = /^HeaderCustom0([1-3])(?:\.(Name|Value))?$/.exec(clave);
  if (header) return `headers.${Number(header[1]) - 1}.${header[2] === "Value" ? "valor" : "nombre"}`;
  return undefined;
}

// ── Presentation ──────────────────────────────────────────────────────────────────────────────

const FECHAS = new Map<Idioma, Intl.DateTimeFormat>();

/** A date-time of the API in es-AR or en-US (Buenos Aires time, the same on the server and in the browser). */
export function formatearFecha(value: string | null | undefined, idioma: Idioma = IDIOMA_PREDETERMINADO): string {
  if (!value) return "—";
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  let formato = FECHAS.get(idioma);
  if (!formato) {
    formato = new Intl.DateTimeFormat(LOCALES[idioma], {
      dateStyle: "short",
      timeStyle: "medium",
      timeZone: "America/Argentina/Buenos_Aires",
    });
    FECHAS.set(idioma, formato);
  }
  return formato.format(date);
}

/** The answer of the panel's route handlers when something fails. */
export type ErrorPanel = { Title: string; Status: number; Detail?: string; Errors?: Record<string, string[]> };

/** The messages of leerRespuesta for what the route handler does not say itself. */
export type MensajesRespuesta = TextosNotificaciones["respuesta"];

/** Reads a route handler's answer: the JSON body, or an ErrorPanel for non-2xx (and session loss). */
export async function leerRespuesta<T>(
  response: Response,
  r: MensajesRespuesta,
): Promise<{ ok: true; data: T } | { ok: false; error: ErrorPanel }> {
  const type = response.headers.get("content-type") ?? "";
  if (response.redirected || (response.ok && !type.includes("json") && response.status !== 204)) {
    return { ok: false, error: { Title: r.sesion, Status: 401, Detail: r.sesionDetalle } };
  }
  let body: unknown;
  try {
    body = response.status === 204 ? undefined : await response.json();
  } catch {
    body = undefined;
  }
  if (response.ok) return { ok: true, data: body as T };
  const problem = (body && typeof body === "object" ? body : {}) as Partial<ErrorPanel>;
  const fallback = response.status === 403 ? r.prohibido : response.status === 404 ? r.noEncontrado : r.fallo;
  return {
    ok: false,
    error: { Title: problem.Title ?? fallback, Status: response.status, Detail: problem.Detail, Errors: problem.Errors },
  };
}

/** The message of an ErrorPanel for an alert: its Errors._ when there are, else the Detail. */
export function mensajeDeError(error: ErrorPanel): string {
  const general = error.Errors?._?.join(" ");
  return [error.Title, general ?? error.Detail].filter(Boolean).join(": ");
}
