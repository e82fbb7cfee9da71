import { z } from "zod";
import { NotificacionAgenciaSchema } from "./agencias";
import { dateTimeOut, inputString, linksSchema, notificacionSchema, TopicSchema } from "./common";
import { NotificacionConsultaSchema } from "./consultas";
import { ESTADOS_ENTREGA, LIMITES_SID } from "./limites";
import { defineOperation } from "./operation";
import { NotificacionPublicacionSchema } from "./publicaciones";
import { TopicParams } from "./webhooks";

// ── Representations (extensions, docs/contract.md#delivery-log: the log, manual retry, test notification) ──

export const NotificacionPruebaSchema = notificacionSchema(
  "NotificacionPrueba",
  TopicSchema,
  "prueba",
  z.object({ Prueba: z.literal(true), Mensaje: z.string() }).meta({ id: "DatosPrueba" }),
  "Cualquier tópico: una notificación de prueba pedida con POST /v3/appnotificaciones/{topic}/prueba.",
);

export const NotificationPayloadSchema = z
  .discriminatedUnion("Evento", [
    NotificacionConsultaSchema,
    NotificacionAgenciaSchema,
    NotificacionPublicacionSchema,
    NotificacionPruebaSchema,
  ])
  .meta({ id: "Notificacion", description: "El cuerpo que recibe el Callback; Datos según Evento." });

export const EstadoEntregaSchema = z.enum(ESTADOS_ENTREGA).meta({
  id: "EstadoEntrega",
  description:
    "pendiente: espera su próximo intento; enviando: un intento en curso; entregada: el Callback respondió 2xx; fallida: no se entregó y no se reintenta sola; descartada: su configuración estaba inactiva o ya no existía cuando le tocó el turno.",
});

export const EntregaIntentoSchema = z
  .object({
    Momento: dateTimeOut(),
    Disparo: z.enum(["automatico", "manual"]),
    HttpStatus: z.number().int().meta({ description: "0 cuando no hubo respuesta (error de conexión, rechazo SSRF, tiempo agotado)." }),
    LatenciaMs: z.number().int(),
    Respuesta: z.string().nullable().meta({ description: "Los primeros 20 KB del cuerpo de la respuesta." }),
    Error: z.string().nullable(),
    ProximoIntento: dateTimeOut().nullable(),
  })
  .meta({ id: "EntregaIntento" });

export const EntregaSchema = z
  .object({
    Id: z.string(),
    Topic: TopicSchema,
    Evento: z.enum(["consulta.recibida", "agencia.registrada", "publicacion.cambiada", "prueba"]),
    Estado: EstadoEntregaSchema,
    Creada: dateTimeOut(),
    Entregada: dateTimeOut().nullable(),
    ProximoIntento: dateTimeOut("Solo mientras está pendiente.").nullable(),
    Payload: NotificationPayloadSchema,
    Intentos: z.array(EntregaIntentoSchema).meta({ description: "Cada intento, del más antiguo al más reciente." }),
    _links: linksSchema("EntregaLinks", ["reintentar"]),
  })
  .meta({ id: "Entrega" });

export type Entrega = z.output<typeof EntregaSchema>;

export const EntregasSchema = z
  .object({
    Total: z.number().int(),
    Pagina: z.number().int(),
    PerPagina: z.number().int(),
    _links: linksSchema("EntregasLinks", ["first", "last"], ["prev", "next"]),
    _entries: z.array(EntregaSchema),
  })
  .meta({ id: "Entregas" });

export type Entregas = z.output<typeof EntregasSchema>;

const EntregasQuery = z.object({
  estado: z
    .enum(ESTADOS_ENTREGA, { message: `estado debe ser uno de: ${ESTADOS_ENTREGA.join(", ")}.` })
    .optional()
    .meta({ description: "Filtra por estado." }),
  sid: inputString()
    .min(LIMITES_SID.min, { message: `sid debe tener al menos ${LIMITES_SID.min} caracteres.` })
    .max(LIMITES_SID.max, { message: `sid no puede superar los ${LIMITES_SID.max} caracteres.` })
    .optional()
    .meta({ description: "Extensión: solo las notificaciones consultas de esa consulta (su sid, Datos.Sid)." }),
  pagina: z.coerce
    .number({ message: "pagina debe ser un entero entre 1 y 99." })
    .int({ message: "pagina debe ser un entero entre 1 y 99." })
    .min(1, { message: "pagina debe ser un entero entre 1 y 99." })
    .max(99, { message: "pagina debe ser un entero entre 1 y 99." })
    .default(1),
});

const EntregaParams = TopicParams.extend({
  id: inputString().max(40, { message: "id no puede superar los 40 caracteres." }).meta({ description: "Id de la notificación (ULID)." }),
});

// ── Operations ────────────────────────────────────────────────────────────────────────────────

const tag = "Notificaciones";
const notConfigured = "El tópico no está disponible para la app o nunca se configuró; sin cuerpo.";

export const listEntregasOp = defineOperation({
  tag,
  method: "GET",
  path: "/v3/appnotificaciones/{topic}/entregas",
  operationId: "listEntregas",
  summary: "Registro de entregas de un tópico",
  description:
    "Notificaciones con sus intentos, de la más reciente a la más antigua, 20 por página (extensión). Con sid, solo las de esa consulta.",
  params: TopicParams,
  query: EntregasQuery,
  success: { status: 200, description: "Entregas", entry: EntregasSchema },
  errors: { 400: "topic, estado, sid o pagina no válidos; ValidationProblemDetails.", 404: notConfigured },
});

export const getEntregaOp = defineOperation({
  tag,
  method: "GET",
  path: "/v3/appnotificaciones/{topic}/entregas/{id}",
  operationId: "getEntrega",
  summary: "Una notificación con sus intentos",
  description: "Una notificación del registro de entregas, con su cuerpo y cada intento (estado HTTP, latencia, respuesta, error).",
  params: EntregaParams,
  success: { status: 200, description: "Entrega", entry: EntregaSchema },
  errors: { 400: "topic o id no válidos; ValidationProblemDetails.", 404: `${notConfigured} También cuando la notificación no existe.` },
});

export const retryEntregaOp = defineOperation({
  tag,
  method: "POST",
  path: "/v3/appnotificaciones/{topic}/entregas/{id}/reintentar",
  operationId: "retryEntrega",
  summary: "Reintenta una notificación ahora (disparo manual)",
  description:
    "Hace un intento inmediato y responde 202 con la notificación y el intento registrado. Un fallo manual no consume reintentos automáticos.",
  params: EntregaParams,
  success: {
    status: 202,
    description: "Entrega",
    entry: EntregaSchema,
    headers: { Location: "URI relativa de la notificación" },
  },
  errors: {
    400: "La configuración no está activa, o la guardada no puede enviarse (los motivos en Errors._); ValidationProblemDetails.",
    404: `${notConfigured} También cuando la notificación no existe.`,
    409: "La notificación se está enviando en este momento; ValidationProblemDetails.",
  },
});

export const sendTestNotificationOp = defineOperation({
  tag,
  method: "POST",
  path: "/v3/appnotificaciones/{topic}/prueba",
  operationId: "sendTestNotification",
  summary: "Encola una notificación de prueba",
  description: 'Evento "prueba"; Datos lleva Prueba: true. Se entrega como cualquier otra notificación.',
  params: TopicParams,
  success: {
    status: 202,
    description: "Notificacion encolada",
    entry: NotificacionPruebaSchema,
    headers: { Location: "URI relativa de la notificación en el registro de entregas" },
  },
  errors: {
    400: "La configuración no está activa, o la guardada no puede enviarse (los motivos en Errors._); ValidationProblemDetails.",
    404: notConfigured,
  },
});

export const entregaOperations = [listEntregasOp, getEntregaOp, retryEntregaOp, sendTestNotificationOp];
