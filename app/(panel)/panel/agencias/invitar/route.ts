import { NextResponse } from "next/server";
import { error, respuestaDeV3 } from "@/lib/panel/agencias/rutas";
import { campo, leerObjeto, rechazarSiNoEsMismoSitio } from "@/lib/panel/manejar";
import { requireUser } from "@/lib/panel/session";
import { v3ClientFor } from "@/lib/panel/v3-client";

/** POST /panel/agencias/invitar: admin only (decisions §12); POST /v3/agencias with the form's fields. */
export async function POST(request: Request) {
  const user = await requireUser({ roles: ["admin"] });
  const refused = rechazarSiNoEsMismoSitio(request);
  if (refused) return refused;
  const body = await leerObjeto(request);
  if (!body) return error(400, { Title: "Solicitud inválida", Errors: { _: ["Se espera un objeto JSON."] } });
  const adminMail = campo(body, "AdminMail") ?? "";
  try {
    const client = await v3ClientFor(user.workspace.id);
    await client.inviteAgencia({ AdminMail: adminMail, Nombre: campo(body, "Nombre"), Telefono: campo(body, "Telefono") });
  } catch (failure) {
    return respuestaDeV3(failure);
  }
  return NextResponse.json({ AdminMail: adminMail.toLowerCase() }, { status: 202 });
}
