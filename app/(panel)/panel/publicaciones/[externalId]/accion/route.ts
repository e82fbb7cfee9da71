import { accionPublicacion } from "@/lib/panel/publicaciones/acciones";

/** POST /panel/publicaciones/{externalId}/accion: admin and agencia; pause, reactivate, change exposure or archive. */
export const POST = (request: Request, { params }: { params: Promise<{ externalId: string }> }) => accionPublicacion(request, params);
