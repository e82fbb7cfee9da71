import { formatearFechaHora } from "@/lib/formats";
import type { OutgoingMail } from "@/lib/service/mail/enqueue-mail";
import { escapeHtml } from "@/lib/service/mail/html";

type Invitation = { to: string; appName: string; nombre: string | null; link: string; vence: Date; timeZone: string };

/**
 * The invitation e-mail (Spanish, HTML and text) with the app's name and the single-use link. When the
 * link expires is written like every date-time of Vitrina (lib/formats.ts: 25/11/2026 14:09, in the
 * service's time zone), and the HTML keeps it on one line.
 */
export function invitationMail(input: Invitation): OutgoingMail {
  const app = escapeHtml(input.appName);
  const vence = formatearFechaHora(input.vence, input.timeZone);
  const saludo = input.nombre ? `Hola, equipo de ${input.nombre}:` : "Hola:";
  const subject = `${input.appName} te invita a registrar tu agencia en Vitrina`;
  const text = [
    saludo,
    "",
    `${input.appName} te invitó a registrar tu agencia en Vitrina para publicar tus vehículos y recibir consultas.`,
    "",
    "Para completar el registro, abrí este enlace:",
    input.link,
    "",
    `El enlace es personal, sirve una sola vez y vence el ${vence}.`,
    "Si no esperabas esta invitación, podés ignorar este mensaje.",
    "",
    "Vitrina",
  ].join("\n");
  const html = `<!doctype html>
<html lang="es-AR">
<body style="margin:0;padding:24px;background:#f8fafc;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
  <div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:12px;padding:32px">
    <p style="margin:0 0 16px;font-size:13px;font-weight:bold;letter-spacing:.05em;text-transform:uppercase;color:#1d4ed8">Vitrina</p>
    <h1 style="margin:0 0 16px;font-size:22px">${app} te invita a registrar tu agencia</h1>
    <p style="margin:0 0 16px;line-height:1.5">${escapeHtml(saludo)}</p>
    <p style="margin:0 0 24px;line-height:1.5"><strong>${app}</strong> te invitó a registrar tu agencia en Vitrina para publicar tus vehículos y recibir consultas.</p>
    <p style="margin:0 0 24px"><a href="${escapeHtml(input.link)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold">Completar el registro</a></p>
    <p style="margin:0 0 8px;font-size:14px;color:#475569;line-height:1.5">Si el botón no funciona, copiá este enlace en tu navegador:<br><a href="${escapeHtml(input.link)}" style="color:#1d4ed8;word-break:break-all">${escapeHtml(input.link)}</a></p>
    <p style="margin:16px 0 0;font-size:14px;color:#475569;line-height:1.5">El enlace es personal, sirve una sola vez y vence el <span style="white-space:nowrap">${vence}</span>. Si no esperabas esta invitación, podés ignorar este mensaje.</p>
  </div>
</body>
</html>`;
  return { to: input.to, subject, html, text };
}
