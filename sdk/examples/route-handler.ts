import { verifyWebhook, WebhookError } from "@vitrina/sdk";

/**
 * A webhook receiver as a Next.js route handler (app/hooks/vitrina/route.ts): the raw text of the
 * body goes to verifyWebhook; the notification is typed by its Evento.
 */
export async function POST(request: Request): Promise<Response> {
  try {
    const notificacion = await verifyWebhook({
      secret: process.env.VITRINA_WEBHOOK_SECRET ?? "",
      headers: request.headers,
      body: await request.text(),
    });
    if (notificacion.Evento === "consulta.recibida") {
      const { AdminMail, Sid, Consulta } = notificacion.Datos;
      console.log(`Consulta ${Sid} para ${AdminMail}: ${Consulta.Interesado.Nombre} pregunta por ${Consulta.Auto.Marca}`);
    }
    return new Response("ok");
  } catch (error) {
    if (error instanceof WebhookError) return new Response(error.message, { status: 400 });
    throw error;
  }
}
