import { listModelosOp, presentList, presentModelo } from "@/lib/api/catalogo";
import { fieldProblem } from "@/lib/api/problem";
import { ok } from "@/lib/http/reply";
import { handle, referenceData, route } from "@/lib/http/route";
import { findMarca, listModelos } from "@/lib/service/catalogo/queries";

export const { GET, HEAD, OPTIONS } = route({
  GET: referenceData(
    handle(listModelosOp, async ({ query, self, form }) => {
      if (query.marca !== undefined && !(await findMarca(query.marca))) {
        throw fieldProblem("marca", `La marca ${query.marca} no existe.`);
      }
      return ok(presentList(self, await listModelos(query), (row) => presentModelo(row, form)));
    }),
  ),
});
