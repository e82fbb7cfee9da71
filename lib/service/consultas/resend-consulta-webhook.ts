import "server-only";
import { and, eq } from "drizzle-orm";
import { DIAS_CONSULTAS } from "@/lib/api/consultas";
import { normalizedCallback } from "@/lib/api/limites";
import { forbiddenProblem, NotFound, validationProblem } from "@/lib/api/problem";
import { getDb } from "@/lib/db";
import { webhookConfigs } from "@/lib/db/schema";
import { config } from "@/lib/env";
import { registeredAgencia } from "@/lib/service/agencias/relation";
import type { AuthenticatedApp } from "@/lib/service/apps/find-app";
import { isTopicAvailable } from "@/lib/service/apps/topics";
import { enqueueNotification } from "@/lib/service/webhooks/enqueue-notification";
import { assertSendable } from "@/lib/service/webhooks/sendable-webhook";
import { formatDateTime } from "@/lib/time";
import { findConsulta } from "./get-consulta";
import { consultaDatos } from "./present-consulta";
import { recordResend } from "./write/historial";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * POST /v3/consultas/{adminMail}/{sid}/resendwebhook (resendConsultaWebhook, docs/contract.md#resending-a-webhook): a new notification (new id,
 * Reenvio true) for an enquiry of the last 90 days, queued for the active `consultas`
 * configuration. Returns the payload and the Callback it goes to. A configuration stored before
 * the rules of what can be sent existed, and breaking one: 400 with the reasons, nothing queued.
 */
export async function resendConsultaWebhook(app: AuthenticatedApp, adminMail: string, sid: string) {
  const db = await getDb();
  const visible = await registeredAgencia(db, app.id, adminMail);
  if (!visible) throw forbiddenProblem(`La agencia ${adminMail} no existe para la app.`);
  const row = await findConsulta(db, visible, sid);
  if (!row) throw new NotFound();
  const now = new Date();
  if (now.getTime() - row.momento.getTime() > DIAS_CONSULTAS * DAY_MS) {
    throw validationProblem({ _: [`Solo se reenvían consultas de los últimos ${DIAS_CONSULTAS} días.`] });
  }
  const noConfig = validationProblem({
    _: ["La app no tiene una configuración activa del tópico consultas: creala o activala en /v3/appnotificaciones/consultas."],
  });
  if (!isTopicAvailable(app, "consultas")) throw noConfig;
  return db.transaction(async (tx) => {
    const [configuration] = await tx
      .select()
      .from(webhookConfigs)
      .where(and(eq(webhookConfigs.appId, app.id), eq(webhookConfigs.topic, "consultas")));
    if (!configuration?.active) throw noConfig;
    assertSendable(configuration);
    const payload = await enqueueNotification(tx, {
      appId: app.id,
      topic: "consultas",
      evento: "consulta.recibida",
      datos: consultaDatos(row, visible.agencia.adminMail),
      momento: formatDateTime(now, config().timeZone),
      reenvio: true,
    });
    if (!payload) throw noConfig;
    await recordResend(tx, app.id, row.sid, payload.Id, now);
    return { payload, callback: normalizedCallback(configuration.callback) };
  });
}
