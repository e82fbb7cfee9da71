import { listCiudadesOp, presentCiudad, presentList } from "@/lib/api/catalogo";
import { fieldProblem } from "@/lib/api/problem";
import { ok } from "@/lib/http/reply";
import { handle, referenceData, route } from "@/lib/http/route";
import { findRegion, listCiudades } from "@/lib/service/catalogo/queries";

export const { GET, HEAD, OPTIONS } = route({
  GET: referenceData(
    handle(listCiudadesOp, async ({ query, self, form }) => {
      if (query.region !== undefined && !(await findRegion(query.region))) {
        throw fieldProblem("region", `La región ${query.region} no existe.`);
      }
      return ok(presentList(self, await listCiudades(query), (row) => presentCiudad(row, form)));
    }),
  ),
});
