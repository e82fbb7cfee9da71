import { manejarAgencia } from "@/lib/panel/agencias/rutas";
import { campo, cuerpoInvalido, leerObjeto, respuestaJson } from "@/lib/panel/manejar";

/** POST /panel/agencias/invitar: admin only (decisions §12); POST /v3/agencias with the form's fields. */
export function POST(request: Request) {
  return manejarAgencia(request, { conCuerpo: true }, async ({ client, textos }) => {
    const body = await leerObjeto(request);
    if (!body) return cuerpoInvalido(textos);
    const adminMail = campo(body, "AdminMail") ?? "";
    await client.inviteAgencia({ AdminMail: adminMail, Nombre: campo(body, "Nombre"), Telefono: campo(body, "Telefono") });
    return respuestaJson({ AdminMail: adminMail.toLowerCase() }, 202);
  });
}
