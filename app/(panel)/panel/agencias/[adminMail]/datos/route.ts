import { manejarAgencia, parametroMail } from "@/lib/panel/agencias/rutas";
import { campo, cuerpoInvalido, leerObjeto, respuestaJson } from "@/lib/panel/manejar";

/** PUT /panel/agencias/{adminMail}/datos: admin only; PUT /v3/agencias/{adminMail} (replaces every field). */
export function PUT(request: Request, { params }: { params: Promise<{ adminMail: string }> }) {
  return manejarAgencia(request, { conCuerpo: true }, async ({ client, textos }) => {
    const { adminMail } = await params;
    const body = await leerObjeto(request);
    if (!body) return cuerpoInvalido(textos);
    const agencia = await client.editAgencia(parametroMail(adminMail), {
      Nombre: campo(body, "Nombre"),
      Telefono: campo(body, "Telefono"),
      WhatsApp: campo(body, "WhatsApp"),
      Region: campo(body, "Region"),
      Ciudad: campo(body, "Ciudad"),
      Direccion: campo(body, "Direccion"),
    });
    return respuestaJson(agencia, 200);
  });
}
