import { z } from "zod";
import { IDIOMA_PREDETERMINADO, type Idioma, LOCALES, textosDe } from "@/lib/panel/i18n";

/**
 * What the Notificaciones part of the panel shares between the server and the browser. The limits
 * restate those of AppWebhookUpsert (lib/api/webhooks.ts, decisions §6): that module reads the
 * server's configuration (lib/env) and cannot be bundled for the browser. Keep both in step.
 * Whether `http` Callbacks are allowed is the service's setting (WEBHOOK_ALLOW_HTTP): the form
 * accepts http and https and the API's 400 answer is shown under the field. Messages come in the
 * Panel's language (Spanish by default) from lib/panel/i18n.
 */

export const LIMITES = {
  callback: 1024,
  secretMin: 16,
  secretMax: 256,
  descripcion: 256,
  headerNombre: 100,
  headerValor: 1000,
  headers: 3,
  topic: 80,
} as const;

/** The states of a notification in the delivery log (lib/api/entregas.ts ESTADOS_ENTREGA). */
export const ESTADOS_ENTREGA = ["pendiente", "enviando", "entregada", "fallida", "descartada"] as const;
export type EstadoEntrega = (typeof ESTADOS_ENTREGA)[number];

/** The states' names in the Panel's language. */
export const etiquetasEstado = (idioma: Idioma = IDIOMA_PREDETERMINADO): Record<EstadoEntrega, string> =>
  textosDe(idioma).notificaciones.estados;

export const ETIQUETAS_ESTADO: Record<EstadoEntrega, string> = etiquetasEstado();

/** The event of each topic of decisions §9; titles and descriptions are in the dictionaries. */
export const TOPICOS: Record<string, { evento: string }> = {
  agencias: { evento: "agencia.registrada" },
  consultas: { evento: "consulta.recibida" },
};

/** Other topics the service may add show their name only. */
export const tituloTopico = (topic: string, idioma: Idioma = IDIOMA_PREDETERMINADO) =>
  textosDe(idioma).notificaciones.topicos[topic]?.titulo ?? topic;

export const descripcionTopico = (topic: string, idioma: Idioma = IDIOMA_PREDETERMINADO): string | undefined =>
  textosDe(idioma).notificaciones.topicos[topic]?.descripcion;

/** A topic name that can be sent to the API as a path segment. */
export const esTopicoValido = (topic: string) => topic.length <= LIMITES.topic && /^[a-z0-9][a-z0-9._-]*$/i.test(topic);

// ── Custom headers (same rules as the API) ────────────────────────────────────────────────────

const HEADER_TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const RESERVADOS = new Set(["host", "authorization", "cookie", "user-agent"]);
const PREFIJOS_RESERVADOS = ["content-", "notification-", "webhook-"];

export function encabezadoReservado(nombre: string): boolean {
  const lower = nombre.toLowerCase();
  return RESERVADOS.has(lower) || PREFIJOS_RESERVADOS.some((prefijo) => lower.startsWith(prefijo));
}

// ── The configuration form ────────────────────────────────────────────────────────────────────

export const MODOS_SECRETO = ["conservar", "generar", "escribir", "ninguno"] as const;
export type ModoSecreto = (typeof MODOS_SECRETO)[number];

type Validacion = ReturnType<typeof textosDe>["notificaciones"]["validacion"];

const headerSchema = (v: Validacion) =>
  z.object({
    nombre: z
      .string()
      .trim()
      .min(1, v.nombreFalta)
      .max(LIMITES.headerNombre, v.nombreMax(LIMITES.headerNombre))
      .refine((value) => HEADER_TOKEN.test(value), v.token)
      .refine((value) => !encabezadoReservado(value), v.reservado),
    valor: z
      .string()
      .max(LIMITES.headerValor, v.valorMax(LIMITES.headerValor))
      .refine((value) => !/[\r\n\0]/.test(value), v.saltos),
  });

function callbackProblema(value: string, v: Validacion): string | undefined {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return v.urlAbsoluta;
  try {
    const url = new URL(value);
    if (url.protocol !== "https:" && url.protocol !== "http:") return v.https;
    if (!url.hostname) return v.host;
  } catch {
    return v.urlAbsoluta;
  }
  return undefined;
}

/** The configuration form's rules (the API's limits), with messages in the Panel's language. */
export const formularioSchemaDe = (idioma: Idioma = IDIOMA_PREDETERMINADO) => {
  const v = textosDe(idioma).notificaciones.validacion;
  return z
    .object({
      callback: z
        .string()
        .trim()
        .min(1, v.callbackFalta)
        .max(LIMITES.callback, v.callbackMax(LIMITES.callback))
        .superRefine((value, ctx) => {
          const message = callbackProblema(value, v);
          if (message) ctx.addIssue({ code: "custom", message });
        }),
      modoSecreto: z.enum(MODOS_SECRETO),
      secreto: z.string(),
      descripcion: z.string().max(LIMITES.descripcion, v.descripcionMax(LIMITES.descripcion)),
      activo: z.boolean(),
      headers: z.array(headerSchema(v)).max(LIMITES.headers, v.headersMax(LIMITES.headers)),
    })
    .superRefine((values, ctx) => {
      if (values.modoSecreto !== "escribir") return;
      const length = values.secreto.length;
      if (length < LIMITES.secretMin || length > LIMITES.secretMax) {
        ctx.addIssue({
          code: "custom",
          path: ["secreto"],
          message: v.secretoRango(LIMITES.secretMin, LIMITES.secretMax, length),
        });
      }
    })
    .superRefine((values, ctx) => {
      const vistos = new Set<string>();
      values.headers.forEach((header, index) => {
        const nombre = header.nombre.trim().toLowerCase();
        if (nombre && vistos.has(nombre)) ctx.addIssue({ code: "custom", path: ["headers", index, "nombre"], message: v.duplicado });
        vistos.add(nombre);
      });
    });
};

export const formularioSchema = formularioSchemaDe();

export type FormularioWebhook = z.infer<typeof formularioSchema>;

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
    return row ? { Name: row.nombre.trim(), Value: row.valor } : null;
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

/** Reads a route handler's answer: the JSON body, or an ErrorPanel for non-2xx (and session loss). */
export async function leerRespuesta<T>(
  response: Response,
  idioma: Idioma = IDIOMA_PREDETERMINADO,
): Promise<{ ok: true; data: T } | { ok: false; error: ErrorPanel }> {
  const r = textosDe(idioma).notificaciones.respuesta;
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
