import { redirect } from "next/navigation";
import { cuerpoInvalido } from "@/lib/panel/manejar";
import type { WebhookUpsert } from "@/lib/panel/notificaciones/limites";
import { EDITORES, manejar, respuestaJson, topicoDeRuta } from "@/lib/panel/notificaciones/servidor";
import { requireUser } from "@/lib/panel/session";

/**
 * The panel's endpoint for one topic's webhook configuration (admin only): POST creates, PUT
 * modifies, DELETE removes. The body is forwarded to the API, which validates it (400 by field).
 */

type Ctx = { params: Promise<{ topic: string }> };

const CAMPOS = ["Callback", "Secret", "Description", "Activo", "HeaderCustom01", "HeaderCustom02", "HeaderCustom03"] as const;

/** Only the fields of AppWebhookUpsert; anything that is not an object goes on for the API to refuse. */
async function leerCuerpo(request: Request): Promise<WebhookUpsert | undefined> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return undefined;
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) return undefined;
  const source = body as Record<string, unknown>;
  return Object.fromEntries(CAMPOS.filter((campo) => campo in source).map((campo) => [campo, source[campo]])) as WebhookUpsert;
}

/** Typing the URL of this endpoint goes to the list of topics. */
export async function GET() {
  await requireUser({ roles: ["admin", "soporte"], next: "/panel/notificaciones" });
  redirect("/panel/notificaciones");
}

export async function POST(request: Request, { params }: Ctx) {
  return manejar(request, EDITORES, async ({ client, textos }) => {
    const topic = topicoDeRuta((await params).topic);
    const body = await leerCuerpo(request);
    if (!body) return cuerpoInvalido(textos);
    return respuestaJson(await client.createAppNotificacion(topic, body), 201);
  });
}

export async function PUT(request: Request, { params }: Ctx) {
  return manejar(request, EDITORES, async ({ client, textos }) => {
    const topic = topicoDeRuta((await params).topic);
    const body = await leerCuerpo(request);
    if (!body) return cuerpoInvalido(textos);
    return respuestaJson(await client.updateAppNotificacion(topic, body), 200);
  });
}

export async function DELETE(request: Request, { params }: Ctx) {
  return manejar(request, EDITORES, async ({ client }) => {
    const topic = topicoDeRuta((await params).topic);
    await client.deleteAppNotificacion(topic);
    return new Response(null, { status: 204 });
  });
}
