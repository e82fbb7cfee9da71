import "server-only";
import * as z from "zod/mini";
import { config } from "@/lib/env";
import type { CurrentUser } from "@/lib/panel/session";
import { esEstadoV3, type V3Client } from "@/lib/panel/v3-client";
import type { SuscripcionAlertas } from "@/lib/panel/v3-tipos";

/**
 * A Panel user's alerts of new enquiries (issue 34, part 1; decision 0103), kept by the service as the
 * app's subscription named by the user's id (docs/contract.md#alerts): the Panel reads and writes it
 * only through v3. An `agencia` user's alerts are those of their agency as its operator, whatever the
 * browser sends; admin and soporte choose among the app's agencies.
 */

/** The user's subscription, or null before they turned alerts on. */
export async function leerAlertas(client: V3Client, user: CurrentUser): Promise<SuscripcionAlertas | null> {
  try {
    return await client.getSuscripcionAlertas(user.id);
  } catch (error) {
    if (esEstadoV3(error, 404)) return null;
    throw error;
  }
}

const HORA = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

/** What the Alertas form sends: Push absent keeps this user's browser subscription saved before. */
export const cambiosSchema = z.object({
  Email: z.boolean(),
  Push: z.optional(z.nullable(z.object({ endpoint: z.string(), keys: z.object({ p256dh: z.string(), auth: z.string() }) }))),
  Agencias: z.array(z.string()),
  Horario: z.nullable(
    z.object({
      Zona: z.string(),
      Dias: z.array(z.number()),
      Desde: z.string().check(z.regex(HORA)),
      Hasta: z.string().check(z.regex(HORA)),
    }),
  ),
});

export type CambiosAlertas = z.infer<typeof cambiosSchema>;

/** The enquiry's page in this Panel: the inbox opens it from its agency and sid. */
const enlaceDeConsulta = () => `${config().publicBaseUrl}/panel/consultas?agencia={adminMail}&sid={sid}`;

/** PUT /v3/alertas/{user id} with the user's e-mail, their agencies as their role allows, and the form's choices. */
export function guardarAlertas(client: V3Client, user: CurrentUser, cambios: CambiosAlertas) {
  const agencia = user.role === "agencia" ? user.agency : null;
  return client.putSuscripcionAlertas(user.id, {
    Agencias: agencia ? [agencia.adminMail] : cambios.Agencias,
    Operador: agencia ? agencia.operatorEmail : null,
    Email: cambios.Email ? user.email : null,
    ...(cambios.Push !== undefined && { Push: cambios.Push && { Endpoint: cambios.Push.endpoint, Keys: cambios.Push.keys } }),
    Horario: cambios.Horario,
    Enlace: enlaceDeConsulta(),
  });
}
