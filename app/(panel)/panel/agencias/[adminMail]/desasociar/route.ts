import { manejarAgencia, parametroMail } from "@/lib/panel/agencias/rutas";

/** PATCH /panel/agencias/{adminMail}/desasociar: admin only; PATCH /v3/agencias/{adminMail}/desasociar. */
export function PATCH(request: Request, { params }: { params: Promise<{ adminMail: string }> }) {
  return manejarAgencia(request, { conCuerpo: false }, async ({ client }) => {
    await client.detachAgencia(parametroMail((await params).adminMail));
    return new Response(null, { status: 204 });
  });
}
