import { z } from "zod";
import { isTimeZone } from "@/lib/time";
import { forbiddenHostReason } from "./address-policy";
import { emailValue } from "./agencias";
import { inputString, SelfLinksSchema } from "./common";
import { callbackProblem, LIMITES_ALERTAS, MAX_EMAIL } from "./limites";
import { segment } from "./links";
import { defineOperation } from "./operation";
import type { CallbackPolicy } from "./webhooks";

// ── Validation rules (docs/contract.md#alerts, decision 0100; limits in ./limites) ──────────────

export const SuscriptorParams = z.object({
  suscriptor: inputString({ error: "suscriptor es obligatorio." })
    .regex(LIMITES_ALERTAS.suscriptor, {
      message: "suscriptor debe tener de 1 a 100 caracteres: letras sin acentos, dígitos, -, ., _ y ~.",
    })
    .meta({
      description: "El nombre que la app da a quien recibe las alertas (su usuario), 1 a 100 de A-Z a-z 0-9 - . _ ~",
      example: "usuario-42",
    }),
});

const HORARIO =
  "Cuándo llegan las alertas, en la zona de quien las recibe: los Dias (1 lunes … 7 domingo), de Desde a Hasta (HH:MM). Fuera de él no se envían (se omiten, no se demoran).";

const HORA = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

const hora = (name: string) =>
  inputString({ error: `${name} es obligatorio.` }).regex(HORA, { message: `${name} debe ser una hora HH:MM, de 00:00 a 23:59.` });

export const HorarioSchema = z
  .object(
    {
      Zona: inputString({ error: "Zona es obligatoria." }).refine(isTimeZone, {
        message: "Zona debe ser una zona horaria IANA, p. ej. America/Argentina/Buenos_Aires.",
      }),
      Dias: z
        .array(z.number({ error: "Cada día es un número de 1 (lunes) a 7 (domingo)." }).int().min(1).max(7), {
          error: "Dias debe ser una lista de días.",
        })
        .min(1, { message: "Dias debe tener al menos un día." })
        .max(7, { message: "Dias tiene a lo sumo 7 días." })
        .refine((dias) => new Set(dias).size === dias.length, { message: "Dias no puede repetir un día." })
        .transform((dias) => [...dias].sort((a, b) => a - b))
        .meta({ description: "Días en que llegan las alertas: 1 lunes … 7 domingo (ISO 8601)." }),
      Desde: hora("Desde").meta({ description: "Hora local en que empiezan, HH:MM.", example: "09:00" }),
      Hasta: hora("Hasta").meta({
        description:
          "Hora local en que terminan, HH:MM (excluida). Antes que Desde: el horario cruza la medianoche y termina al día siguiente.",
        example: "19:00",
      }),
    },
    { error: "Horario debe ser un objeto { Zona, Dias, Desde, Hasta } o null." },
  )
  .refine((horario) => horario.Desde !== horario.Hasta, { message: "Hasta debe ser distinta de Desde.", path: ["Hasta"] })
  .meta({ description: HORARIO });

export type Horario = z.output<typeof HorarioSchema>;

const HorarioOutSchema = z
  .object({ Zona: z.string(), Dias: z.array(z.number().int()), Desde: z.string(), Hasta: z.string() })
  .meta({ id: "HorarioAlertas", description: HORARIO });

const base64url = (name: string, bytes: number) =>
  inputString({ error: `${name} es obligatorio.` }).refine(
    (value) => /^[A-Za-z0-9_-]+={0,2}$/.test(value) && Buffer.from(value, "base64url").length === bytes,
    { message: `${name} debe ser ${bytes} bytes en base64url, como los da PushSubscription.toJSON().` },
  );

/** What keeps a push endpoint from being sent to, or undefined: the Callbacks' rules (docs/contract.md#webhooks). */
function endpointMessage(value: string, policy: CallbackPolicy): string | undefined {
  const problem = callbackProblem(value, policy.allowHttp);
  if (problem)
    return policy.allowHttp
      ? "Endpoint debe ser una URI absoluta http o https, sin usuario ni contraseña."
      : "Endpoint debe ser una URI absoluta https, sin usuario ni contraseña.";
  const forbidden = policy.allowPrivateNetworks ? undefined : forbiddenHostReason(new URL(value).hostname);
  return forbidden && `${forbidden}: las alertas solo se envían a servicios push en direcciones públicas de Internet.`;
}

const pushSchema = (policy: CallbackPolicy) =>
  z
    .object(
      {
        Endpoint: inputString({ error: "Endpoint es obligatorio." })
          .max(LIMITES_ALERTAS.url, { message: `Endpoint no puede superar los ${LIMITES_ALERTAS.url} caracteres.` })
          .superRefine((value, ctx) => {
            const message = endpointMessage(value, policy);
            if (message) ctx.addIssue({ code: "custom", message });
          }),
        Keys: z.object(
          { p256dh: base64url("p256dh", 65), auth: base64url("auth", 16) },
          { error: "Keys debe ser un objeto { p256dh, auth }." },
        ),
      },
      { error: "Push debe ser un objeto { Endpoint, Keys } o null." },
    )
    .meta({ description: "La suscripción push del navegador (PushSubscription.toJSON(), con endpoint escrito Endpoint)." });

const enlaceSchema = inputString({ error: "Enlace es obligatorio." })
  .max(LIMITES_ALERTAS.url, { message: `Enlace no puede superar los ${LIMITES_ALERTAS.url} caracteres.` })
  .refine((value) => callbackProblem(value, true) === undefined, { message: "Enlace debe ser una URI absoluta http o https.", abort: true })
  .refine((value) => value.includes("{sid}"), { message: "Enlace debe contener {sid}: la consulta que abre." })
  .meta({
    description:
      "La página de la consulta en la app, con {sid} y opcionalmente {adminMail}: el enlace del e-mail y de la notificación push.",
    example: "https://panel.example/panel/consultas/{adminMail}/{sid}",
  });

const upsertSchema = (policy: CallbackPolicy) =>
  z.object(
    {
      Agencias: z
        .array(emailValue("AdminMail"), { error: "Agencias debe ser una lista de e-mails de administradores." })
        .max(LIMITES_ALERTAS.agencias, { message: `Agencias tiene a lo sumo ${LIMITES_ALERTAS.agencias} agencias.` })
        .transform((mails) => [...new Set(mails)])
        .meta({
          description: `Las agencias registradas con la app de cuyas consultas se avisa, por AdminMail (hasta ${LIMITES_ALERTAS.agencias}).`,
        }),
      Operador: emailValue("Operador", MAX_EMAIL)
        .nullish()
        .transform((value) => value ?? null)
        .meta({
          description:
            "Solo las consultas que ve este operador (todas las de una agencia que administra), como el filtro operador de la lista; null: todas.",
        }),
      Email: emailValue("Email", MAX_EMAIL)
        .nullish()
        .transform((value) => value ?? null)
        .meta({ description: "Adonde va un e-mail por consulta; null: sin e-mail." }),
      Push: pushSchema(policy)
        .nullable()
        .optional()
        .meta({ description: "Ausente: conserva la suscripción push guardada (sus claves no se devuelven); null: sin push." }),
      Horario: HorarioSchema.nullish().transform((value) => value ?? null),
      Enlace: enlaceSchema,
    },
    { error: "Se espera un objeto JSON." },
  );

const STRICT: CallbackPolicy = { allowHttp: false, allowPrivateNetworks: false };

export const SuscripcionAlertasUpsertSchema = upsertSchema(STRICT).meta({ id: "SuscripcionAlertasUpsert" });

export type SuscripcionAlertasUpsert = z.output<typeof SuscripcionAlertasUpsertSchema>;

// ── Representations ───────────────────────────────────────────────────────────────────────────

export const SuscripcionAlertasSchema = z
  .object({
    Suscriptor: z.string(),
    Agencias: z.array(z.string().meta({ format: "email" })),
    Operador: z.string().nullable(),
    Email: z.string().nullable(),
    Push: z
      .object({ Endpoint: z.string() })
      .nullable()
      .meta({ description: "El endpoint de la suscripción push; sus claves no se devuelven." }),
    Horario: HorarioOutSchema.nullable(),
    Enlace: z.string(),
    _links: SelfLinksSchema,
  })
  .meta({ id: "SuscripcionAlertas" });

export type SuscripcionAlertas = z.output<typeof SuscripcionAlertasSchema>;

export const AlertasSchema = z
  .object({
    ClavePush: z.string().meta({
      description: "La clave pública VAPID del servicio (P-256, base64url): el applicationServerKey de PushManager.subscribe().",
    }),
    _links: SelfLinksSchema,
  })
  .meta({ id: "Alertas" });

export type Alertas = z.output<typeof AlertasSchema>;

// ── Operations ────────────────────────────────────────────────────────────────────────────────

const tag = "Alertas";
const badSuscriptor = "suscriptor no tiene la forma pedida; ValidationProblemDetails.";
const missing = "La app no tiene una suscripción con ese suscriptor.";

export const getAlertasOp = defineOperation({
  tag,
  method: "GET",
  path: "/v3/alertas",
  operationId: "getAlertas",
  summary: "Extensión: la clave con que la app suscribe navegadores a las alertas",
  description: "La clave pública VAPID con que el navegador se suscribe a las notificaciones push de las alertas.",
  success: { status: 200, description: "Alertas", entry: AlertasSchema },
});

export const getSuscripcionAlertasOp = defineOperation({
  tag,
  method: "GET",
  path: "/v3/alertas/{suscriptor}",
  operationId: "getSuscripcionAlertas",
  summary: "Extensión: las alertas de consultas nuevas de un suscriptor",
  description: "Qué agencias, por qué canales y en qué horario recibe alertas el suscriptor. Cada app ve solo sus suscripciones.",
  params: SuscriptorParams,
  success: { status: 200, description: "SuscripcionAlertas", entry: SuscripcionAlertasSchema },
  errors: { 400: badSuscriptor, 404: missing },
});

export const putSuscripcionAlertasOp = defineOperation({
  tag,
  method: "PUT",
  path: "/v3/alertas/{suscriptor}",
  operationId: "putSuscripcionAlertas",
  summary: "Extensión: crea o reemplaza las alertas de un suscriptor",
  description:
    "Por cada consulta nueva que la app ve de esas agencias (y el Operador, si lo hay), un e-mail a Email y una notificación push a Push, dentro del Horario. Reemplaza la suscripción entera.",
  params: SuscriptorParams,
  body: SuscripcionAlertasUpsertSchema,
  success: { status: 200, description: "SuscripcionAlertas", entry: SuscripcionAlertasSchema },
  errors: {
    400: "El cuerpo no es válido, una agencia no está registrada con la app o el Operador no es operador de una de ellas; ValidationProblemDetails.",
  },
});

export const deleteSuscripcionAlertasOp = defineOperation({
  tag,
  method: "DELETE",
  path: "/v3/alertas/{suscriptor}",
  operationId: "deleteSuscripcionAlertas",
  summary: "Extensión: deja de enviar alertas a un suscriptor",
  description: "Elimina la suscripción y las alertas que aún no salieron.",
  params: SuscriptorParams,
  success: { status: 204, description: "Eliminada; sin cuerpo." },
  errors: { 400: badSuscriptor, 404: missing },
});

export const alertasOperations = [getAlertasOp, getSuscripcionAlertasOp, putSuscripcionAlertasOp, deleteSuscripcionAlertasOp];

export const alertasPath = (suscriptor: string) => `/v3/alertas/${segment(suscriptor)}`;

/** The PUT whose Push.Endpoint follows the operator's Callback policy instead of the documented strict default. */
export function withPushPolicy(operation: typeof putSuscripcionAlertasOp, policy: () => CallbackPolicy) {
  return { ...operation, body: z.lazy(() => upsertSchema(policy())) };
}
