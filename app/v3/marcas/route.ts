import { listMarcasOp, presentList, presentMarca } from "@/lib/api/catalogo";
import { ok } from "@/lib/http/reply";
import { handle, referenceData, route } from "@/lib/http/route";
import { listMarcas } from "@/lib/service/catalogo/queries";

export const { GET, HEAD, OPTIONS } = route({
  GET: referenceData(
    handle(listMarcasOp, async ({ query, self, form }) => ok(presentList(self, await listMarcas(query), (row) => presentMarca(row, form)))),
  ),
});
