import { z } from "zod";
import { forbiddenHostReason } from "./address-policy";
import { inputString, SelfLinksSchema, TopicSchema } from "./common";
import {
  callbackProblem,
  HEADER_TOKEN,
  type HeaderValueProblem,
  headerValueProblem,
  isConnectionHeader,
  isReservedHeader,
  LIMITES_WEBHOOK,
  normalizedCallback,
  TOPICS,
} from "./limites";
import { defineOperation } from "./operation";

// ── Validation rules (docs/contract.md#webhooks, AppWebhookUpsert; limits in ./limites) ──────────

/** What keeps a Callback from being sent as written, in the API's words; `expected` names what is. */
function callbackSyntaxMessage(value: string, allowHttp: boolean): string | undefined {
  const expected = allowHttp ? "una URI absoluta http o https" : "una URI absoluta https";
  const problem = callbackProblem(value, allowHttp);
  if (problem?.kind === "control") return "Callback no puede contener saltos de línea, tabulaciones ni otros caracteres de control.";
  if (problem?.kind === "uri") return `Se espera ${expected}.`;
  if (problem?.kind === "host") return `Se espera ${expected} con un host.`;
  if (problem?.kind === "scheme") return `Esquema ${problem.scheme} no admitido: se espera ${expected}.`;
  if (problem?.kind === "credentials") {
    return "Callback no puede llevar usuario ni contraseña (usuario:clave@): no se envían. Para autenticar las notificaciones usá el Secret o un encabezado personalizado.";
  }
  return undefined;
}

/**
 * The operator's settings for Callbacks: WEBHOOK_ALLOW_HTTP and WEBHOOK_ALLOW_PRIVATE_NETWORKS. The
 * contract does not read the process's configuration: the service passes them in
 * (lib/service/webhooks/sendable-webhook.ts); the documented schema is the strict default.
 */
export type CallbackPolicy = { allowHttp: boolean; allowPrivateNetworks: boolean };

const STRICT_CALLBACKS: CallbackPolicy = { allowHttp: false, allowPrivateNetworks: false };

/**
 * What is wrong with a Callback, in the API's words: https only, unless the policy allows http;
 * no address of this machine or of a private network unless it allows private networks (the
 * messages name neither setting: they are the operator's).
 */
function callbackMessage(value: string, policy: CallbackPolicy): string | undefined {
  const syntax = callbackSyntaxMessage(value, policy.allowHttp);
  if (syntax) return syntax;
  const normalized = normalizedCallback(value);
  const forbidden = policy.allowPrivateNetworks ? undefined : forbiddenHostReason(new URL(normalized).hostname);
  if (forbidden) return `${forbidden}: las notificaciones solo se envían a direcciones públicas de Internet.`;
  if (normalized.length > LIMITES_WEBHOOK.callback) {
    return `Callback escrito como se envía (${normalized}) supera los ${LIMITES_WEBHOOK.callback} caracteres.`;
  }
  return undefined;
}

const callbackSchema = (policy: CallbackPolicy) =>
  inputString({
    error: (issue) => (issue.input === undefined ? "Callback es obligatorio." : "Callback debe ser un texto."),
  })
    .max(LIMITES_WEBHOOK.callback, { message: `Callback no puede superar los ${LIMITES_WEBHOOK.callback} caracteres.` })
    .superRefine((value, ctx) => {
      const message = value.length <= LIMITES_WEBHOOK.callback ? callbackMessage(value, policy) : undefined;
      if (message) ctx.addIssue({ code: "custom", message });
    })
    .transform(normalizedCallback)
    .meta({
      description: `URI absoluta https (http solo con WEBHOOK_ALLOW_HTTP=true), hasta ${LIMITES_WEBHOOK.callback} caracteres, sin usuario ni contraseña; no puede apuntar a localhost ni a una dirección IP no pública (salvo con WEBHOOK_ALLOW_PRIVATE_NETWORKS=true). Se guarda normalizada, como la escribe new URL().`,
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
  else if (isConnectionHeader(value))
    ctx.addIssue({ code: "custom", message: `El encabezado ${value} es propio de la conexión HTTP y no puede configurarse.` });
});

const HEADER_VALUE_MESSAGES: Record<HeaderValueProblem, string> = {
  control: "Value no puede contener saltos de línea (CR/LF), tabulaciones ni otros caracteres de control.",
  latin1: "Value solo puede contener caracteres Latin-1 (ISO-8859-1): un encabezado HTTP no lleva emojis ni otros alfabetos.",
  spaces: "Value no puede empezar ni terminar con espacios: HTTP no los envía.",
};

const HeaderValueSchema = inputString({ error: "Value es obligatorio." })
  .max(LIMITES_WEBHOOK.headerValor, { message: `Value no puede superar los ${LIMITES_WEBHOOK.headerValor} caracteres.` })
  .superRefine((value, ctx) => {
    const problem = headerValueProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: HEADER_VALUE_MESSAGES[problem] });
  });

export const WebhookHeaderSchema = z
  .object({ Name: HeaderNameSchema, Value: HeaderValueSchema }, { error: "Se espera un objeto { Name, Value } o null." })
  .meta({
    id: "WebhookHeader",
    description: `Encabezado enviado con cada notificación. Name: token HTTP de hasta ${LIMITES_WEBHOOK.headerNombre} caracteres, distinto de Host, Content-*, Authorization, Cookie, Notification-*, Webhook-* y User-Agent, y de los propios de la conexión (Connection, Keep-Alive, Transfer-Encoding, TE, Trailer, Upgrade, Expect, Proxy-*). Value: hasta ${LIMITES_WEBHOOK.headerValor} caracteres Latin-1 visibles (sin caracteres de control) y sin espacios en los extremos.`,
  });

const optionalHeader = WebhookHeaderSchema.nullish().transform((value) => value ?? null);

export type StoredWebhook = {
  Callback: string;
  HeaderCustom01: unknown;
  HeaderCustom02: unknown;
  HeaderCustom03: unknown;
};

/**
 * Why a stored configuration cannot be sent as it is ("Callback: …", "HeaderCustom02.Value: …"),
 * or an empty list. Configurations saved before a rule existed remain in databases. These are the
 * rules of what can be sent at all; the address policy and the http setting are the connection's
 * to apply, when it is made.
 */
export function unsendableReasons(stored: StoredWebhook): string[] {
  const reasons: string[] = [];
  const callback = callbackSyntaxMessage(stored.Callback, true);
  if (callback) reasons.push(`Callback: ${callback}`);
  for (const key of ["HeaderCustom01", "HeaderCustom02", "HeaderCustom03"] as const) {
    const parsed = WebhookHeaderSchema.nullable().safeParse(stored[key]);
    if (!parsed.success) reasons.push(...parsed.error.issues.map((issue) => `${[key, ...issue.path].join(".")}: ${issue.message}`));
  }
  return reasons;
}

const upsertSchema = (policy: CallbackPolicy) =>
  z.object(
    {
      Callback: callbackSchema(policy),
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
  );

export const AppWebhookUpsertSchema = upsertSchema(STRICT_CALLBACKS).meta({ id: "AppWebhookUpsert" });

export type AppWebhookUpsert = z.output<typeof AppWebhookUpsertSchema>;

// ── Representations ───────────────────────────────────────────────────────────────────────────

const HeaderOut = z.object({ Name: z.string(), Value: z.string() }).nullable();

export const AppWebhookSchema = z
  .object({
    Topic: TopicSchema,
    Callback: z.string().meta({ format: "uri" }),
    Secret: z.null().meta({ description: "Siempre null: el secreto no se devuelve." }),
    Firmado: z.boolean().meta({
      description:
        "Extensión: true cuando hay un Secret configurado y cada entrega va firmada (Notification-Signature y webhook-signature); false cuando las entregas van sin firma.",
    }),
    Description: z.string().nullable(),
    Activo: z.boolean(),
    HeaderCustom01: HeaderOut,
    HeaderCustom02: HeaderOut,
    HeaderCustom03: HeaderOut,
    _links: SelfLinksSchema,
  })
  .meta({ id: "AppWebhook" });

export type AppWebhook = z.output<typeof AppWebhookSchema>;

export const AppWebhookEntrySchema = z
  .object({
    Topic: TopicSchema,
    Disponible: z.boolean().meta({ description: "La app puede usar el tópico." }),
    Configurado: z.boolean().meta({ description: "La app tiene una configuración para el tópico." }),
    Activo: z.boolean().nullable().meta({ description: "null cuando no está configurado." }),
    _links: SelfLinksSchema,
  })
  .meta({ id: "AppWebhookEntry" });

export const AppWebhooksSchema = z
  .object({ _links: SelfLinksSchema, _entries: z.array(AppWebhookEntrySchema) })
  .meta({ id: "AppWebhooks" });

export type AppWebhooks = z.output<typeof AppWebhooksSchema>;

export const TopicParams = z.object({
  topic: inputString()
    .max(LIMITES_WEBHOOK.topic, { message: `topic no puede superar los ${LIMITES_WEBHOOK.topic} caracteres.` })
    .meta({
      description:
        "Tópico: agencias, consultas o publicaciones (otro nombre responde como un tópico no disponible: 403 en POST, 404 en el resto)",
      example: "consultas",
      override: { enum: [...TOPICS] },
    }),
});

// ── Operations ────────────────────────────────────────────────────────────────────────────────

const tag = "Notificaciones";
const unavailable = "El tópico no está disponible para la app o nunca se configuró.";
const badTopicOrBody = `topic supera los ${LIMITES_WEBHOOK.topic} caracteres o el cuerpo no es válido; ValidationProblemDetails.`;
const badTopic = `topic supera los ${LIMITES_WEBHOOK.topic} caracteres; ValidationProblemDetails.`;

export const listAppNotificacionesOp = defineOperation({
  tag,
  method: "GET",
  path: "/v3/appnotificaciones",
  operationId: "listAppNotificaciones",
  summary: "Tópicos disponibles y configurados para la app",
  description:
    "Un ítem por tópico que la app puede usar o tiene configurado, con su estado; el enlace self lleva a la configuración del tópico.",
  success: { status: 200, description: "AppWebhooks", entry: AppWebhooksSchema },
});

export const getAppNotificacionOp = defineOperation({
  tag,
  method: "GET",
  path: "/v3/appnotificaciones/{topic}",
  operationId: "getAppNotificacion",
  summary: "La configuración del webhook de un tópico",
  description: "La configuración del webhook del tópico, sin el secreto (Secret es siempre null).",
  params: TopicParams,
  success: { status: 200, description: "AppWebhook", entry: AppWebhookSchema },
  errors: { 400: badTopic, 404: unavailable },
});

export const createAppNotificacionOp = defineOperation({
  tag,
  method: "POST",
  path: "/v3/appnotificaciones/{topic}",
  operationId: "createAppNotificacion",
  summary: "Crea la configuración del webhook de un tópico",
  description:
    "Guarda el Callback, el secreto y los encabezados con que se entregan las notificaciones del tópico. Solo una configuración por tópico: la existente se modifica con PUT.",
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

export const updateAppNotificacionOp = defineOperation({
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

export const deleteAppNotificacionOp = defineOperation({
  tag,
  method: "DELETE",
  path: "/v3/appnotificaciones/{topic}",
  operationId: "deleteAppNotificacion",
  summary: "Elimina la configuración del webhook de un tópico",
  description: "Elimina la configuración: las notificaciones del tópico dejan de enviarse.",
  params: TopicParams,
  success: { status: 204, description: "Eliminada; sin cuerpo." },
  errors: { 400: badTopic, 404: unavailable },
});

export const webhookOperations = [
  listAppNotificacionesOp,
  getAppNotificacionOp,
  createAppNotificacionOp,
  updateAppNotificacionOp,
  deleteAppNotificacionOp,
];

/**
 * An upsert operation whose Callback follows the operator's policy instead of the documented strict
 * default; the policy is read when the first request is validated.
 */
export function withCallbackPolicy<Op extends typeof createAppNotificacionOp | typeof updateAppNotificacionOp>(
  operation: Op,
  policy: () => CallbackPolicy,
) {
  return { ...operation, body: z.lazy(() => upsertSchema(policy())) };
}
