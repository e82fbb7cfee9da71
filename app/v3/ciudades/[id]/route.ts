import { getCiudadOp, presentCiudad } from "@/lib/api/catalogo";
import { found, ok } from "@/lib/http/reply";
import { handle, referenceData, route } from "@/lib/http/route";
import { findCiudad } from "@/lib/service/catalogo/queries";

export const { GET, HEAD, OPTIONS } = route({
  GET: referenceData(handle(getCiudadOp, async ({ params, form }) => ok(presentCiudad(found(await findCiudad(params.id)), form)))),
});
