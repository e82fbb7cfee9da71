import { getAlertasOp } from "@/lib/api/alertas";
import { ok } from "@/lib/http/reply";
import { handle, route } from "@/lib/http/route";
import { getAlertas } from "@/lib/service/alertas/get-alertas";

export const { GET, HEAD, OPTIONS } = route({
  GET: handle(getAlertasOp, async () => ok(getAlertas())),
});
