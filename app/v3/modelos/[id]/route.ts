import { getModeloOp, presentModelo } from "@/lib/api/catalogo";
import { found, ok } from "@/lib/http/reply";
import { handle, referenceData, route } from "@/lib/http/route";
import { findModelo } from "@/lib/service/catalogo/queries";

export const { GET, HEAD, OPTIONS } = route({
  GET: referenceData(handle(getModeloOp, async ({ params, form }) => ok(presentModelo(found(await findModelo(params.id)), form)))),
});
