import { reintentarEntrega } from "@/lib/panel/notificaciones/rutas";

/** A manual retry of one notification (admin only; soporte reads the log without changing it). */
export const POST = (request: Request, { params }: { params: Promise<{ topic: string; id: string }> }) =>
  reintentarEntrega(request, params);
