import { getCiudadOp, presentCiudad } from "@/lib/api/catalogo";
import { found, ok } from "@/lib/http/reply";
import { handle, route } from "@/lib/http/route";
import { findCiudad } from "@/lib/service/catalogo/queries";

export const { GET, HEAD, OPTIONS } = route({
  GET: handle(getCiudadOp, async ({ params, form }) => ok(presentCiudad(found(await findCiudad(params.id)), form))),
});
