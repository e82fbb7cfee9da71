"use server";

import { getTranslations } from "next-intl/server";
import { z } from "zod";
import { LIMITES_AGENCIA, LIMITES_SID } from "@/lib/api/limites";
import { ROLES_QUE_MARCAN } from "@/lib/panel/areas";
import { explicarFalla } from "@/lib/panel/fallas";
import { exigirUsuario } from "@/lib/panel/session";
import { V3Error, v3ClientFor } from "@/lib/panel/v3-client";

export type ResultadoAtencion = { ok: true } | { ok: false; mensaje: string };

const Entrada = z.object({
  adminMail: z.email().max(LIMITES_AGENCIA.adminMail),
  sid: z.string().min(LIMITES_SID.min).max(LIMITES_SID.max),
  atendida: z.boolean(),
});

/**
 * PUT /v3/consultas/{adminMail}/{sid}/atencion with the signed-in person's e-mail as Por (issue 21,
 * item 3). An `agencia` user marks only its own agency's enquiries, and the API lets an operator mark
 * only those it sees (decisions 0041); admin any of the app's; soporte none (403, decisions 0097).
 */
export async function putConsultaAtencion(adminMail: string, sid: string, atendida: boolean): Promise<ResultadoAtencion> {
  const user = await exigirUsuario({ roles: ROLES_QUE_MARCAN });
  const t = await getTranslations();
  const entrada = Entrada.safeParse({ adminMail, sid, atendida });
  if (!entrada.success) return { ok: false, mensaje: t("consultas.atencion.invalida") };
  if (user.agency && user.agency.adminMail !== entrada.data.adminMail.toLowerCase()) {
    return { ok: false, mensaje: t("consultas.noAsignada") };
  }
  const client = await v3ClientFor(user.workspace.id);
  try {
    await client.putConsultaAtencion(entrada.data.adminMail, entrada.data.sid, { Atendida: entrada.data.atendida, Por: user.email });
    return { ok: true };
  } catch (error) {
    if (error instanceof V3Error && (error.status === 403 || error.status === 404))
      return { ok: false, mensaje: t("consultas.noAsignada") };
    return { ok: false, mensaje: explicarFalla(error, t, entrada.data.adminMail) };
  }
}
