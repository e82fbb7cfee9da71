import "server-only";
import { cuerpoInvalido, leerObjeto, manejarConApi, respuestaJson } from "@/lib/panel/manejar";
import { esEstadoV3 } from "@/lib/panel/v3-client";
import { cambiosSchema, guardarAlertas } from "./alertas";

/** Every role has alerts of the enquiries it sees (docs/contract.md#dashboard-roles). */
const opciones = (conCuerpo: boolean) => ({ roles: ["admin", "soporte", "agencia"] as const, next: "/panel/alertas", conCuerpo });

/** PUT /panel/alertas/suscripcion: the form's choices → PUT /v3/alertas/{user id}; 200 with the subscription. */
export function cambiarAlertas(request: Request): Promise<Response> {
  return manejarConApi(request, opciones(true), async ({ user, t, client }) => {
    const cambios = cambiosSchema.safeParse(await leerObjeto(request));
    if (!cambios.success) return cuerpoInvalido(t);
    return respuestaJson(await guardarAlertas(client, user, cambios.data), 200);
  });
}

/** DELETE /panel/alertas/suscripcion: no more alerts for this user (nothing to delete is no failure). */
export function apagarAlertas(request: Request): Promise<Response> {
  return manejarConApi(request, opciones(false), async ({ user, client }) => {
    try {
      await client.deleteSuscripcionAlertas(user.id);
    } catch (error) {
      if (!esEstadoV3(error, 404)) throw error;
    }
    return new Response(null, { status: 204 });
  });
}
