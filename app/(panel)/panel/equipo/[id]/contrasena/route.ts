import { nuevaContrasena } from "@/lib/panel/equipo/rutas";

/** POST /panel/equipo/{id}/contrasena: admin only; the member's new password, chosen in the browser. */
export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return nuevaContrasena(request, (await params).id);
}
