import { leerEntrega } from "@/lib/panel/notificaciones/rutas";

/** One notification with its attempts (admin and soporte): the test panel polls it for the result. */
export const GET = (request: Request, { params }: { params: Promise<{ topic: string; id: string }> }) => leerEntrega(request, params);
