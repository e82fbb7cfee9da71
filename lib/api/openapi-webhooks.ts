import { z } from "zod";
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject } from "zod-openapi";

/** The reference's sections, in its order. */
export const TAGS = [
  { name: "Home", description: "Puntos de entrada y este documento." },
  { name: "Agencias", description: "Invitar agencias, leer y editar sus datos, su paquete de publicaciones; desasociarlas." },
  { name: "Consultas", description: "Las consultas de compradores que recibe cada agencia, y el reenvío de su notificación." },
  {
    name: "Publicaciones",
    description:
      "Los vehículos que la agencia publica con la app: crearlos, editarlos, suspenderlos y archivarlos, dentro del paquete de la agencia.",
  },
  {
    name: "Notificaciones",
    description: "La configuración de los webhooks por tópico, el registro de entregas, los reintentos y las notificaciones de prueba.",
  },
  {
    name: "Alertas",
    description: "Extensión: avisos por e-mail y notificación push de cada consulta nueva, a las personas que la app suscribe.",
  },
  { name: "Catálogos", description: "Carrocerías, provincias, ciudades, colores, marcas y modelos, con búsqueda por mejor coincidencia." },
];

const text = (description: string) => z.string().meta({ description });

/** The headers of every delivery (docs/contract.md#delivery): both signatures only when the configuration has a Secret. */
const DeliveryHeaders = z.object({
  "Content-Type": text("application/json"),
  "User-Agent": text("VitrinaWebhooks/3"),
  "Notification-Hook-ID": text(
    "ULID de la notificación, el mismo en cada reintento: la clave de idempotencia del receptor. Igual a Id del cuerpo.",
  ),
  "Notification-Timestamp": z
    .string()
    .regex(/^[0-9]+$/)
    .meta({ description: "Segundos Unix de este intento." }),
  "Notification-Topic": text("El tópico: agencias, consultas o publicaciones."),
  "Notification-Signature": text(
    "Con Secret: base64(HMAC-SHA256(clave = Secret en UTF-8, mensaje = `{Notification-Hook-ID}.{Notification-Timestamp}.{Notification-Topic}`)). Firma el encabezado, no el cuerpo.",
  ).optional(),
  "webhook-id": text("Standard Webhooks: igual a Notification-Hook-ID."),
  "webhook-timestamp": z
    .string()
    .regex(/^[0-9]+$/)
    .meta({ description: "Standard Webhooks: igual a Notification-Timestamp." }),
  "webhook-signature": text(
    "Standard Webhooks, con Secret: `v1,` + base64(HMAC-SHA256(clave = Secret en UTF-8, mensaje = `{webhook-id}.{webhook-timestamp}.{cuerpo}`)). Firma también el cuerpo; se verifica con la biblioteca standardwebhooks usando base64(Secret en UTF-8) como clave, con una tolerancia de 5 minutos sobre webhook-timestamp.",
  ).optional(),
});

const DELIVERY_RULES =
  "Se envía con POST al Callback configurado, con los encabezados personalizados de la configuración. Éxito: cualquier 2xx en 15 s; las redirecciones no se siguen. " +
  "Tras un fallo se reintenta a los 5 s, 5 min, 30 min, 2 h, 5 h, 10 h y 10 h (±20 %); al menos 60 s después de un tiempo agotado o un 429, y Retry-After se respeta hasta el doble de la espera prevista. " +
  "Un 410 desactiva la configuración.";

const component = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/**
 * What a topic's Callback receives: the topic's event, or a test notification (POST
 * /v3/appnotificaciones/{topic}/prueba) naming that topic (docs/decisions/0056). What the service
 * sends is rendered as a response body (its output form): references to the components the API's
 * responses register (Entrega.Payload), not the zod schemas, which a request body would render as
 * their input form and register twice.
 */
function delivery(topic: string, operationId: string, event: { evento: string; component: string }): ZodOpenApiOperationObject {
  return {
    operationId,
    summary: `Tópico ${topic}: ${event.evento} o prueba`,
    description: `${DELIVERY_RULES} Evento dice cuál de los dos es: ${event.evento}, o prueba (una notificación de prueba pedida por la app, que no es un evento: Datos lleva Prueba: true).`,
    tags: ["Notificaciones"],
    security: [],
    requestParams: { header: DeliveryHeaders },
    requestBody: {
      required: true,
      content: {
        "application/json": {
          schema: {
            oneOf: [
              component(event.component),
              { allOf: [component("NotificacionPrueba"), { type: "object", properties: { Topic: { const: topic } } }] },
            ],
          },
        },
      },
    },
    responses: {
      "200": { description: "Recibida (cualquier 2xx): no se reintenta." },
      "410": { description: "El receptor ya no la quiere: la configuración del tópico se desactiva." },
      "429": {
        description: "Más tarde: se reintenta, al menos 60 s después o cuando diga Retry-After.",
        headers: z.object({ "Retry-After": text("Segundos, o una fecha HTTP.").optional() }),
      },
    },
  };
}

/** The OpenAPI 3.1 `webhooks` section: what a Callback receives, one entry per topic. */
export function webhooksOf(): ZodOpenApiPathsObject {
  return {
    consultas: { post: delivery("consultas", "notificacionConsulta", { evento: "consulta.recibida", component: "NotificacionConsulta" }) },
    agencias: { post: delivery("agencias", "notificacionAgencia", { evento: "agencia.registrada", component: "NotificacionAgencia" }) },
    publicaciones: {
      post: delivery("publicaciones", "notificacionPublicacion", { evento: "publicacion.cambiada", component: "NotificacionPublicacion" }),
    },
  };
}
