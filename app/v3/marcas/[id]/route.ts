import { getMarcaOp, presentMarca } from "@/lib/api/catalogo";
import { found, ok } from "@/lib/http/reply";
import { handle, referenceData, route } from "@/lib/http/route";
import { findMarca } from "@/lib/service/catalogo/queries";

export const { GET, HEAD, OPTIONS } = route({
  GET: referenceData(handle(getMarcaOp, async ({ params, form }) => ok(presentMarca(found(await findMarca(params.id)), form)))),
});
