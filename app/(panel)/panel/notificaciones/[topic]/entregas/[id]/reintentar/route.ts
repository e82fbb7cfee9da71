import { EDITORES, manejar, respuestaJson, topicoDeRuta } from "@/lib/panel/notificaciones/servidor";

type Ctx = { params: Promise<{ topic: string; id: string }> };

/** A manual retry of one notification (admin only; soporte reads the log without changing it). */
export async function POST(request: Request, { params }: Ctx) {
  return manejar(request, EDITORES, async ({ client }) => {
    const { topic, id } = await params;
    return respuestaJson(await client.retryEntrega(topicoDeRuta(topic), decodeURIComponent(id)), 202);
  });
}
