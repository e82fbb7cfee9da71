import { NextResponse } from "next/server";
import { error, parametroMail, respuestaDeV3 } from "@/lib/panel/agencias/rutas";
import { campo, leerObjeto, rechazarSiNoEsMismoSitio } from "@/lib/panel/manejar";
import { requireUser } from "@/lib/panel/session";
import { v3ClientFor } from "@/lib/panel/v3-client";

/** PUT /panel/agencias/{adminMail}/datos: admin only; PUT /v3/agencias/{adminMail} (replaces every field). */
export async function PUT(request: Request, { params }: { params: Promise<{ adminMail: string }> }) {
  const user = await requireUser({ roles: ["admin"] });
  const refused = rechazarSiNoEsMismoSitio(request);
  if (refused) return refused;
  const { adminMail } = await params;
  const body = await leerObjeto(request);
  if (!body) return error(400, { Title: "Solicitud inválida", Errors: { _: ["Se espera un objeto JSON."] } });
  try {
    const client = await v3ClientFor(user.workspace.id);
    const agencia = await client.editAgencia(parametroMail(adminMail), {
      Nombre: campo(body, "Nombre"),
      Telefono: campo(body, "Telefono"),
      WhatsApp: campo(body, "WhatsApp"),
      Region: campo(body, "Region"),
      Ciudad: campo(body, "Ciudad"),
      Direccion: campo(body, "Direccion"),
    });
    return NextResponse.json(agencia);
  } catch (failure) {
    return respuestaDeV3(failure);
  }
}
