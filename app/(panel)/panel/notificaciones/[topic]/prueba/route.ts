import { EDITORES, manejar, respuestaJson, topicoDeRuta } from "@/lib/panel/notificaciones/servidor";

type Ctx = { params: Promise<{ topic: string }> };

/** Sends a test notification of the topic (admin only): 202 with the payload the API queued. */
export async function POST(request: Request, { params }: Ctx) {
  return manejar(request, EDITORES, async ({ client }) => {
    const topic = topicoDeRuta((await params).topic);
    return respuestaJson(await client.sendTestNotification(topic), 202);
  });
}
