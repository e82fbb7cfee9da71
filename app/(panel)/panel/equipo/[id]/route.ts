import { cambiar, quitar } from "@/lib/panel/equipo/rutas";

type Ctx = { params: Promise<{ id: string }> };

/** PUT /panel/equipo/{id}: admin only; a member's role (and agency). Another workspace's id is a 404. */
export async function PUT(request: Request, { params }: Ctx) {
  return cambiar(request, (await params).id);
}

/** DELETE /panel/equipo/{id}: admin only; removes the member (never oneself, never the last admin). */
export async function DELETE(request: Request, { params }: Ctx) {
  return quitar(request, (await params).id);
}
