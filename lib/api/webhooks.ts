import { z } from "zod";
import { config } from "@/lib/env";
import { defineOperation } from "@/lib/http/operation";
import { LinksSchema } from "./common";

// ── Validation rules (decisions §6, AppWebhookUpsert) ─────────────────────────────────────────

const HEADER_TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const RESERVED_HEADERS = new Set(["host", "authorization", "cookie", "user-agent"]);
const RESERVED_PREFIXES = ["content-", "notification-", "webhook-"];

function isReservedHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return RESERVED_HEADERS.has(lower) || RESERVED_PREFIXES.some((prefix) => lower.startsWith(prefix));
}

/** The schemes a Callback may use: https, and http only when WEBHOOK_ALLOW_HTTP=true (read per request). */
function callbackProblem(value: string): string | undefined {
  const allowHttp = config().webhookAllowHttp;
  const expected = allowHttp ? "una URI absoluta http o https" : "una URI absoluta https";
  if (value !== value.trim() || !/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return `Se espera ${expected}.`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `Se espera ${expected}.`;
  }
  if (url.protocol === "https:" || (allowHttp && url.protocol === "http:")) {
    return url.hostname ? undefined : `Se espera ${expected} con un host.`;
  }
  return `Esquema ${url.protocol.replace(/:$/, "")} no admitido: se espera ${expected}.`;
}

const CallbackSchema = z
  .string({ error: (issue) => (issue.input === undefined ? "Callback es obligatorio." : "Callback debe ser un texto.") })
  .max(1024, { message: "Callback no puede superar los 1024 caracteres." })
  .superRefine((value, ctx) => {
    const message = value.length <= 1024 ? callbackProblem(value) : undefined;
    if (message) ctx.addIssue({ code: "custom", message });
  })
  .meta({
    description: "URI absoluta https (http solo con WEBHOOK_ALLOW_HTTP=true), hasta 1024 caracteres.",
    example: "https://crm.example/hooks",
  });

const SecretSchema = z
  .string({ error: "Secret debe ser un texto o null." })
  .refine((value) => value === "" || (value.length >= 16 && value.length <= 256), {
    message: "Secret debe tener entre 16 y 256 caracteres.",
  })
  .nullish()
  .meta({
    description: 'Entre 16 y 256 caracteres. Nunca se devuelve. En PUT, null o ausente conserva el secreto actual y "" lo elimina.',
  });

const HeaderNameSchema = z.string({ error: "Name es obligatorio." }).superRefine((value, ctx) => {
  if (value.length === 0) ctx.addIssue({ code: "custom", message: "Name no puede estar vacío." });
  else if (value.length > 100) ctx.addIssue({ code: "custom", message: "Name no puede superar los 100 caracteres." });
  else if (!HEADER_TOKEN.test(value)) ctx.addIssue({ code: "custom", message: "Name debe ser un nombre de encabezado HTTP válido." });
  else if (isReservedHeader(value))
    ctx.addIssue({ code: "custom", message: `El encabezado ${value} está reservado y no puede configurarse.` });
});

const HeaderValueSchema = z
  .string({ error: "Value es obligatorio." })
  .max(1000, { message: "Value no puede superar los 1000 caracteres." })
  .refine((value) => !/[\r\n\0]/.test(value), { message: "Value no puede contener saltos de línea (CR/LF) ni caracteres nulos." });

export const WebhookHeaderSchema = z
  .object({ Name: HeaderNameSchema, Value: HeaderValueSchema }, { error: "Se espera un objeto { Name, Value } o null." })
  .meta({
    id: "WebhookHeader",
    description:
      "Encabezado enviado con cada notificación. Name: token HTTP de hasta 100 caracteres, distinto de Host, Content-*, Authorization, Cookie, Notification-*, Webhook-* y User-Agent. Value: hasta 1000 caracteres, sin CR/LF.",
  });

const optionalHeader = WebhookHeaderSchema.nullish().transform((value) => value ?? null);

export const AppWebhookUpsertSchema = z
  .object(
    {
      Callback: CallbackSchema,
      Secret: SecretSchema,
      Description: z
        .string({ error: "Description debe ser un texto o null." })
        .max(256, { message: "Description no puede superar los 256 caracteres." })
        .nullish()
        .transform((value) => value ?? null),
      Activo: z
        .boolean({ error: "Activo debe ser true o false." })
        .nullish()
        .transform((value) => value ?? true)
        .meta({ description: "Solo una configuración activa recibe notificaciones. Por omisión, true." }),
      HeaderCustom01: optionalHeader,
      HeaderCustom02: optionalHeader,
      HeaderCustom03: optionalHeader,
    },
    { error: "Se espera un objeto JSON." },
  )
  .meta({ id: "AppWebhookUpsert" });

export type AppWebhookUpsert = z.output<typeof AppWebhookUpsertSchema>;

// ── Representations ───────────────────────────────────────────────────────────────────────────

const HeaderOut = z.object({ Name: z.string(), Value: z.string() }).nullable();

export const AppWebhookSchema = z
  .object({
    Topic: z.string(),
    Callback: z.string(),
    Secret: z.null().meta({ description: "Siempre null: el secreto no se devuelve." }),
    Description: z.string().nullable(),
    Activo: z.boolean(),
    HeaderCustom01: HeaderOut,
    HeaderCustom02: HeaderOut,
    HeaderCustom03: HeaderOut,
    _links: LinksSchema,
  })
  .meta({ id: "AppWebhook" });

export type AppWebhook = z.output<typeof AppWebhookSchema>;

export const AppWebhookEntrySchema = z
  .object({
    Topic: z.string(),
    Disponible: z.boolean().meta({ description: "La app puede usar el tópico." }),
    Configurado: z.boolean().meta({ description: "La app tiene una configuración para el tópico." }),
    Activo: z.boolean().nullable().meta({ description: "null cuando no está configurado." }),
    _links: LinksSchema,
  })
  .meta({ id: "AppWebhookEntry" });

export const AppWebhooksSchema = z.object({ _links: LinksSchema, _entries: z.array(AppWebhookEntrySchema) }).meta({ id: "AppWebhooks" });

export type AppWebhooks = z.output<typeof AppWebhooksSchema>;

export const TopicParams = z.object({
  topic: z
    .string()
    .max(80, { message: "topic no puede superar los 80 caracteres." })
    .meta({ description: "Tópico: agencias o consultas", example: "consultas" }),
});

// ── Operations ────────────────────────────────────────────────────────────────────────────────

const tag = "Notificaciones";
const unavailable = "El tópico no está disponible para la app o nunca se configuró.";
const badTopic = "topic supera los 80 caracteres o el cuerpo no es válido; ValidationProblemDetails.";

export const listWebhooksOp = defineOperation({
  tag,
  method: "GET",
  path: "/v3/appnotificaciones",
  operationId: "listAppNotificaciones",
  summary: "Tópicos disponibles y configurados para la app",
  success: { status: 200, description: "AppWebhooks", entry: AppWebhooksSchema },
});

export const getWebhookOp = defineOperation({
  tag,
  method: "GET",
  path: "/v3/appnotificaciones/{topic}",
  operationId: "getAppNotificacion",
  summary: "La configuración del webhook de un tópico",
  params: TopicParams,
  success: { status: 200, description: "AppWebhook", entry: AppWebhookSchema },
  errors: { 400: "topic supera los 80 caracteres; ValidationProblemDetails.", 404: unavailable },
});

export const createWebhookOp = defineOperation({
  tag,
  method: "POST",
  path: "/v3/appnotificaciones/{topic}",
  operationId: "createAppNotificacion",
  summary: "Crea la configuración del webhook de un tópico",
  params: TopicParams,
  body: AppWebhookUpsertSchema,
  success: {
    status: 201,
    description: "AppWebhook",
    entry: AppWebhookSchema,
    headers: { Location: "URI relativa del webhook: /v3/appnotificaciones/{topic}" },
  },
  errors: {
    400: badTopic,
    403: "El tópico no está disponible para la app; ProblemDetails.",
    409: "La configuración ya existe (se modifica con PUT); ValidationProblemDetails.",
  },
});

export const updateWebhookOp = defineOperation({
  tag,
  method: "PUT",
  path: "/v3/appnotificaciones/{topic}",
  operationId: "updateAppNotificacion",
  summary: "Modifica la configuración del webhook de un tópico",
  description: 'Reemplaza todos los campos; Secret null o ausente conserva el secreto actual y "" lo elimina.',
  params: TopicParams,
  body: AppWebhookUpsertSchema,
  success: { status: 200, description: "AppWebhook", entry: AppWebhookSchema },
  errors: { 400: badTopic, 404: unavailable },
});

export const deleteWebhookOp = defineOperation({
  tag,
  method: "DELETE",
  path: "/v3/appnotificaciones/{topic}",
  operationId: "deleteAppNotificacion",
  summary: "Elimina la configuración del webhook de un tópico",
  params: TopicParams,
  success: { status: 204, description: "Eliminada; sin cuerpo." },
  errors: { 400: "topic supera los 80 caracteres; ValidationProblemDetails.", 404: unavailable },
});

export const webhookOperations = [listWebhooksOp, getWebhookOp, createWebhookOp, updateWebhookOp, deleteWebhookOp];
