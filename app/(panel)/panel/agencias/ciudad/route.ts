import { respuestaDeV3 } from "@/lib/panel/agencias/rutas";
import { getTextos } from "@/lib/panel/i18n/servidor";
import { respuestaJson, respuestaProblema } from "@/lib/panel/manejar";
import { requireUser } from "@/lib/panel/session";
import { v3ClientFor } from "@/lib/panel/v3-client";

/**
 * GET /panel/agencias/ciudad?region=&ciudad=: the city GET /v3/ciudades/bestmatch finds, so the edit
 * form shows it before saving. Only the edit form (admin) uses it.
 */
export async function GET(request: Request) {
  const user = await requireUser({ roles: ["admin"] });
  const textos = await getTextos();
  const url = new URL(request.url);
  const region = url.searchParams.get("region")?.trim() ?? "";
  const ciudad = url.searchParams.get("ciudad")?.trim() ?? "";
  if (!region || !ciudad || region.length > 200 || ciudad.length > 200) {
    return respuestaProblema({ Title: textos.respuestas.solicitudInvalida, Status: 400, Errors: { Ciudad: [textos.respuestas.ciudad] } });
  }
  try {
    const client = await v3ClientFor(user.workspace.id);
    const match = await client.bestMatchCiudad({ state: region, city: ciudad });
    return respuestaJson({ Id: match.Id, Nombre: match.Nombre, Region: match.Region, RegionId: match.RegionId }, 200);
  } catch (failure) {
    return respuestaDeV3(failure, textos);
  }
}
