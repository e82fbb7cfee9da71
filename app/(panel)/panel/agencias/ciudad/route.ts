import { NextResponse } from "next/server";
import { error, respuestaDeV3 } from "@/lib/panel/agencias/rutas";
import { requireUser } from "@/lib/panel/session";
import { v3ClientFor } from "@/lib/panel/v3-client";

/**
 * GET /panel/agencias/ciudad?region=&ciudad=: the city GET /v3/ciudades/bestmatch finds, so the edit
 * form shows it before saving. Only the edit form (admin) uses it.
 */
export async function GET(request: Request) {
  const user = await requireUser({ roles: ["admin"] });
  const url = new URL(request.url);
  const region = url.searchParams.get("region")?.trim() ?? "";
  const ciudad = url.searchParams.get("ciudad")?.trim() ?? "";
  if (!region || !ciudad || region.length > 200 || ciudad.length > 200) {
    return error(400, { Title: "Solicitud inválida", Errors: { Ciudad: ["Elegí la provincia y escribí la ciudad."] } });
  }
  try {
    const client = await v3ClientFor(user.workspace.id);
    const match = await client.bestMatchCiudad({ state: region, city: ciudad });
    return NextResponse.json({ Id: match.Id, Nombre: match.Nombre, Region: match.Region, RegionId: match.RegionId });
  } catch (failure) {
    return respuestaDeV3(failure);
  }
}
