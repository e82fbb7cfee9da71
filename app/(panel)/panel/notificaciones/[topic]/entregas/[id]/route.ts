import { LECTORES, manejar, respuestaJson, topicoDeRuta } from "@/lib/panel/notificaciones/servidor";

type Ctx = { params: Promise<{ topic: string; id: string }> };

/** One notification with its attempts (admin and soporte): the test panel polls it for the result. */
export async function GET(request: Request, { params }: Ctx) {
  return manejar(request, LECTORES, async ({ client }) => {
    const { topic, id } = await params;
    return respuestaJson(await client.getEntrega(topicoDeRuta(topic), decodeURIComponent(id)), 200);
  });
}
