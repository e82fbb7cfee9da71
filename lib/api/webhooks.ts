import { z } from "zod";
import { config } from "@/lib/env";
import { defineOperation } from "@/lib/http/operation";
import { inputString, LinksSchema } from "./common";
import { callbackProblem, HEADER_TOKEN, HEADER_VALOR_PROHIBIDO, isReservedHeader, LIMITES_WEBHOOK } from "./limites";

// ── Validation rules (decisions §6, AppWebhookUpsert; limits in ./limites) ────────────────────

/** What is wrong with a Callback, in the API's words: https only, unless WEBHOOK_ALLOW_HTTP=true (read per request). */
function callbackMessage(value: string): string | undefined {
  const allowHttp = config().webhookAllowHttp;
  const expected = allowHttp ? "una URI absoluta http o https" : "una URI absoluta https";
  const problem = callbackProblem(value, allowHttp);
  if (problem?.kind === "uri") return `Se espera ${expected}.`;
  if (problem?.kind === "host") return `Se espera ${expected} con un host.`;
  if (problem?.kind === "scheme") return `Esquema ${problem.scheme} no admitido: se espera ${expected}.`;
  return undefined;
}

const CallbackSchema = inputString({
  error: (issue) => (issue.input === undefined ? "Callback es obligatorio." : "Callback debe ser un texto."),
})
  .max(LIMITES_WEBHOOK.callback, { message: `Callback no puede superar los ${LIMITES_WEBHOOK.callback} caracteres.` })
  .superRefine((value, ctx) => {
    const message = value.length <= LIMITES_WEBHOOK.callback ? callbackMessage(value) : undefined;
    if (message) ctx.addIssue({ code: "custom", message });
  })
  .meta({
    description: `URI absoluta https (http solo con WEBHOOK_ALLOW_HTTP=true), hasta ${LIMITES_WEBHOOK.callback} caracteres.`,
    example: "https://crm.example/hooks",
  });

const SecretSchema = inputString({ error: "Secret debe ser un texto o null." })
  .refine((value) => value === "" || (value.length >= LIMITES_WEBHOOK.secretMin && value.length <= LIMITES_WEBHOOK.secretMax), {
    message: `Secret debe tener entre ${LIMITES_WEBHOOK.secretMin} y ${LIMITES_WEBHOOK.secretMax} caracteres.`,
  })
  .nullish()
  .meta({
    description: `Entre ${LIMITES_WEBHOOK.secretMin} y ${LIMITES_WEBHOOK.secretMax} caracteres. Nunca se devuelve. En PUT, null o ausente conserva el secreto actual y "" lo elimina.`,
  });

const HeaderNameSchema = inputString({ error: "Name es obligatorio." }).superRefine((value, ctx) => {
  if (value.length === 0) ctx.addIssue({ code: "custom", message: "Name no puede estar vacío." });
  else if (value.length > LIMITES_WEBHOOK.headerNombre)
    ctx.addIssue({ code: "custom", message: `Name no puede superar los ${LIMITES_WEBHOOK.headerNombre} caracteres.` });
  else if (!HEADER_TOKEN.test(value)) ctx.addIssue({ code: "custom", message: "Name debe ser un nombre de encabezado HTTP válido." });
  else if (isReservedHeader(value))
    ctx.addIssue({ code: "custom", message: `El encabezado ${value} está reservado y no puede configurarse.` });
});

const HeaderValueSchema = inputString({ error: "Value es obligatorio." })
  .max(LIMITES_WEBHOOK.headerValor, { message: `Value no puede superar los ${LIMITES_WEBHOOK.headerValor} caracteres.` })
  .refine((value) => !HEADER_VALOR_PROHIBIDO.test(value), {
    message: "Value no puede contener saltos de línea (CR/LF) ni caracteres nulos.",
  });

export const WebhookHeaderSchema = z
  .object({ Name: HeaderNameSchema, Value: HeaderValueSchema }, { error: "Se espera un objeto { Name, Value } o null." })
  .meta({
    id: "WebhookHeader",
    description: `Encabezado enviado con cada notificación. Name: token HTTP de hasta ${LIMITES_WEBHOOK.headerNombre} caracteres, distinto de Host, Content-*, Authorization, Cookie, Notification-*, Webhook-* y User-Agent. Value: hasta ${LIMITES_WEBHOOK.headerValor} caracteres, sin CR/LF.`,
  });

const optionalHeader = WebhookHeaderSchema.nullish().transform((value) => value ?? null);

export const AppWebhookUpsertSchema = z
  .object(
    {
      Callback: CallbackSchema,
      Secret: SecretSchema,
      Description: inputString({ error: "Description debe ser un texto o null." })
        .max(LIMITES_WEBHOOK.descripcion, { message: `Description no puede superar los ${LIMITES_WEBHOOK.descripcion} caracteres.` })
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
  topic: inputString()
    .max(LIMITES_WEBHOOK.topic, { message: `topic no puede superar los ${LIMITES_WEBHOOK.topic} caracteres.` })
    .meta({ description: "Tópico: agencias o consultas", example: "consultas" }),
});

// ── Operations ────────────────────────────────────────────────────────────────────────────────

const tag = "Notificaciones";
const unavailable = "El tópico no está disponible para la app o nunca se configuró.";
const badTopicOrBody = `topic supera los ${LIMITES_WEBHOOK.topic} caracteres o el cuerpo no es válido; ValidationProblemDetails.`;
const badTopic = `topic supera los ${LIMITES_WEBHOOK.topic} caracteres; ValidationProblemDetails.`;

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
  errors: { 400: badTopic, 404: unavailable },
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
    400: badTopicOrBody,
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
  errors: { 400: badTopicOrBody, 404: unavailable },
});

export const deleteWebhookOp = defineOperation({
  tag,
  method: "DELETE",
  path: "/v3/appnotificaciones/{topic}",
  operationId: "deleteAppNotificacion",
  summary: "Elimina la configuración del webhook de un tópico",
  params: TopicParams,
  success: { status: 204, description: "Eliminada; sin cuerpo." },
  errors: { 400: badTopic, 404: unavailable },
});

export const webhookOperations = [listWebhooksOp, getWebhookOp, createWebhookOp, updateWebhookOp, deleteWebhookOp];
