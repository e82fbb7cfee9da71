import { parametroMail, respuestaDeV3 } from "@/lib/panel/agencias/rutas";
import { rechazarSiNoEsMismoSitio } from "@/lib/panel/manejar";
import { requireUser } from "@/lib/panel/session";
import { v3ClientFor } from "@/lib/panel/v3-client";

/** PATCH /panel/agencias/{adminMail}/desasociar: admin only; PATCH /v3/agencias/{adminMail}/desasociar. */
export async function PATCH(request: Request, { params }: { params: Promise<{ adminMail: string }> }) {
  const user = await requireUser({ roles: ["admin"] });
  const refused = rechazarSiNoEsMismoSitio(request, { conCuerpo: false });
  if (refused) return refused;
  const { adminMail } = await params;
  try {
    const client = await v3ClientFor(user.workspace.id);
    await client.detachAgencia(parametroMail(adminMail));
  } catch (failure) {
    return respuestaDeV3(failure);
  }
  return new Response(null, { status: 204 });
}
