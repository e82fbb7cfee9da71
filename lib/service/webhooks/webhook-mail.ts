import "server-only";
import type { Db } from "@/lib/db";
import { enqueueMail } from "@/lib/service/mail/enqueue-mail";
import { escapeHtml } from "@/lib/service/mail/html";

export type MailTarget = { appName: string; contactEmail: string | null; topic: string; callback: string };

async function send(tx: Db, target: MailTarget, subject: string, lines: string[]): Promise<void> {
  if (!target.contactEmail) return;
  await enqueueMail(tx, {
    to: target.contactEmail,
    subject,
    text: `${lines.join("\n\n")}\n\n— Vitrina\n`,
    html: `${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("")}<p>— Vitrina</p>`,
  });
}

/** The first notification of a failing run that used up its retries (docs/contract.md#retries). */
export function queueExhaustedMail(tx: Db, target: MailTarget, notificationId: string, lastError: string): Promise<void> {
  return send(tx, target, `Vitrina: no pudimos entregar una notificación de ${target.topic} a ${target.appName}`, [
    `Hola. La notificación ${notificationId} del tópico ${target.topic} de la app ${target.appName} no pudo entregarse a ${target.callback} después de todos los reintentos.`,
    `Último error: ${lastError}`,
    "Podés revisar el registro de entregas y reintentarla con GET /v3/appnotificaciones/{topic}/entregas y POST .../entregas/{id}/reintentar. Si el receptor sigue fallando durante 5 días, la configuración se desactiva.",
  ]);
}

/** The configuration was deactivated: five days failing, or the receiver answered 410 Gone. */
export function queueDeactivatedMail(tx: Db, target: MailTarget, reason: string): Promise<void> {
  return send(tx, target, `Vitrina: se desactivó el webhook de ${target.topic} de ${target.appName}`, [
    `Hola. Desactivamos el webhook del tópico ${target.topic} de la app ${target.appName} (${target.callback}).`,
    `Motivo: ${reason}`,
    "Mientras esté inactivo no se envían notificaciones de ese tópico. Para reactivarlo, corregí el receptor y enviá PUT /v3/appnotificaciones/{topic} con Activo: true.",
  ]);
}
