import { enviarPrueba } from "@/lib/panel/notificaciones/rutas";

/** Sends a test notification of the topic (admin only): 202 with the payload the API queued. */
export const POST = (request: Request, { params }: { params: Promise<{ topic: string }> }) => enviarPrueba(request, params);
