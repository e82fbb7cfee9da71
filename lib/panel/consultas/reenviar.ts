"use server";

import { getTranslations } from "next-intl/server";
import { z } from "zod";
import { LIMITES_AGENCIA, LIMITES_SID } from "@/lib/api/limites";
import { explicarFalla } from "@/lib/panel/fallas";
import { exigirUsuario } from "@/lib/panel/session";
import { V3Error, v3ClientFor } from "@/lib/panel/v3-client";

export type ResultadoReenvio = { ok: true; mensaje: string; id: string } | { ok: false; mensaje: string };

const Entrada = z.object({
  adminMail: z.email().max(LIMITES_AGENCIA.adminMail),
  sid: z.string().min(LIMITES_SID.min).max(LIMITES_SID.max),
});

/**
 * POST /v3/consultas/{adminMail}/{sid}/resendwebhook for admin and soporte (docs/contract.md#dashboard-roles); an
 * `agencia` user gets 403 here even if the button were shown.
 */
export async function resendConsultaWebhook(adminMail: string, sid: string): Promise<ResultadoReenvio> {
  const user = await exigirUsuario({ roles: ["admin", "soporte"] });
  const t = await getTranslations();
  const entrada = Entrada.safeParse({ adminMail, sid });
  if (!entrada.success) return { ok: false, mensaje: t("consultas.reenvio.invalida") };
  const client = await v3ClientFor(user.workspace.id);
  try {
    const { notificacion, location } = await client.resendConsultaWebhook(entrada.data.adminMail, entrada.data.sid);
    return {
      ok: true,
      id: notificacion.Id,
      mensaje: t("consultas.reenvio.ok", { id: notificacion.Id, destino: location ?? "none" }),
    };
  } catch (error) {
    if (error instanceof V3Error && error.status === 400) {
      const motivo = error.problem.Errors?._?.join(" ") || error.problem.Detail || error.problem.Title;
      return { ok: false, mensaje: t("consultas.reenvio.error", { motivo }) };
    }
    if (error instanceof V3Error && error.status === 404) return { ok: false, mensaje: t("consultas.reenvio.noExiste") };
    return { ok: false, mensaje: t("consultas.reenvio.otro", { mensaje: explicarFalla(error, t, entrada.data.adminMail) }) };
  }
}
