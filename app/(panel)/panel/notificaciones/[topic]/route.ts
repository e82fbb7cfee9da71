import { redirect } from "next/navigation";
import { eliminarConfiguracion, guardarConfiguracion } from "@/lib/panel/notificaciones/rutas";
import { exigirUsuario } from "@/lib/panel/session";

/**
 * The panel's endpoint for one topic's webhook configuration (admin only): POST creates, PUT
 * modifies, DELETE removes. The body is forwarded to the API, which validates it (400 by field).
 */

type Ctx = { params: Promise<{ topic: string }> };

/** Typing the URL of this endpoint goes to the list of topics. */
export async function GET() {
  await exigirUsuario({ roles: ["admin", "soporte"], next: "/panel/notificaciones" });
  redirect("/panel/notificaciones");
}

export const POST = (request: Request, { params }: Ctx) => guardarConfiguracion(request, params, true);

export const PUT = (request: Request, { params }: Ctx) => guardarConfiguracion(request, params, false);

export const DELETE = (request: Request, { params }: Ctx) => eliminarConfiguracion(request, params);
