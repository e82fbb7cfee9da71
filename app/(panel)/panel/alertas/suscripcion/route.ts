import { apagarAlertas, cambiarAlertas } from "@/lib/panel/alertas/rutas";

/** PUT and DELETE /panel/alertas/suscripcion: the signed-in user's alerts of new enquiries (decision 0103). */
export const PUT = (request: Request) => cambiarAlertas(request);
export const DELETE = (request: Request) => apagarAlertas(request);
