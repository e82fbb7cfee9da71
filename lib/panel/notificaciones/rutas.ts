import "server-only";
import { notFound } from "next/navigation";
import type { Traductor } from "@/lib/panel/i18n/idiomas";
import { cuerpoInvalido, leerObjeto, manejarConApi, respuestaJson } from "@/lib/panel/manejar";
import type { Role } from "@/lib/panel/session";
import type { V3Client } from "@/lib/panel/v3-client";
import type { Topic } from "@/lib/panel/v3-tipos";
import type { WebhookUpsert } from "./formulario";
import { esTopicoConocido } from "./topicos";

/**
 * The Notificaciones route handlers' work (docs/contract.md#webhooks and docs/contract.md#dashboard-roles): admin configures the webhooks, sends
 * tests and retries; soporte reads the delivery log; agencia sees nothing. Each one runs in
 * manejarConApi (the role first, then the CSRF guard, the API's refusals as JSON answers).
 */

export const LECTORES: readonly Role[] = ["admin", "soporte"];
export const EDITORES: readonly Role[] = ["admin"];

type Params = Promise<{ topic: string; id?: string }>;

/** A topic from the URL, one of the document's (Topic), checked before it reaches the API: any other is a 404 page. */
export function topicoDeRuta(topic: string): Topic {
  const decoded = decodeURIComponent(topic);
  if (!esTopicoConocido(decoded)) notFound();
  return decoded;
}

function manejar(request: Request, roles: readonly Role[], accion: (client: V3Client, t: Traductor) => Promise<Response>) {
  return manejarConApi(
    request,
    { roles, next: "/panel/notificaciones", noEncontrado: (t) => t("respuestas.notificacionNoEncontrada") },
    ({ client, t }) => accion(client, t),
  );
}

const CAMPOS = ["Callback", "Secret", "Description", "Activo", "HeaderCustom01", "HeaderCustom02", "HeaderCustom03"] as const;

/** Only the fields of AppWebhookUpsert; the API checks their values (400 by field). */
async function leerConfiguracion(request: Request): Promise<WebhookUpsert | null> {
  const body = await leerObjeto(request);
  if (!body) return null;
  return Object.fromEntries(CAMPOS.filter((campo) => campo in body).map((campo) => [campo, body[campo]])) as WebhookUpsert;
}

/** POST (creates) or PUT (modifies) /panel/notificaciones/{topic}: admin only. */
export function guardarConfiguracion(request: Request, params: Params, nueva: boolean): Promise<Response> {
  return manejar(request, EDITORES, async (client, t) => {
    const topic = topicoDeRuta((await params).topic);
    const body = await leerConfiguracion(request);
    if (!body) return cuerpoInvalido(t);
    if (nueva) return respuestaJson(await client.createAppNotificacion(topic, body), 201);
    return respuestaJson(await client.updateAppNotificacion(topic, body), 200);
  });
}

/** DELETE /panel/notificaciones/{topic}: admin only → 204. */
export function eliminarConfiguracion(request: Request, params: Params): Promise<Response> {
  return manejar(request, EDITORES, async (client) => {
    await client.deleteAppNotificacion(topicoDeRuta((await params).topic));
    return new Response(null, { status: 204 });
  });
}

/** POST /panel/notificaciones/{topic}/prueba: admin only → 202 with the payload the API queued. */
export function enviarPrueba(request: Request, params: Params): Promise<Response> {
  return manejar(request, EDITORES, async (client) =>
    respuestaJson(await client.sendTestNotification(topicoDeRuta((await params).topic)), 202),
  );
}

const idDe = async (params: Params) => {
  const { topic, id = "" } = await params;
  return { topic: topicoDeRuta(topic), id: decodeURIComponent(id) };
};

/** GET /panel/notificaciones/{topic}/entregas/{id}: one notification with its attempts (admin and soporte). */
export function leerEntrega(request: Request, params: Params): Promise<Response> {
  return manejar(request, LECTORES, async (client) => {
    const { topic, id } = await idDe(params);
    return respuestaJson(await client.getEntrega(topic, id), 200);
  });
}

/** POST /panel/notificaciones/{topic}/entregas/{id}/reintentar: a manual retry (admin only) → 202. */
export function reintentarEntrega(request: Request, params: Params): Promise<Response> {
  return manejar(request, EDITORES, async (client) => {
    const { topic, id } = await idDe(params);
    return respuestaJson(await client.retryEntrega(topic, id), 202);
  });
}
