import type { Auto, Interesado } from "@/lib/api/consultas";
import { enlaceEmail, enlaceTelefono, enlaceWhatsApp } from "@/lib/contacto";
import { formatearFechaHora } from "@/lib/formats";
import type { OutgoingMail } from "@/lib/service/mail/enqueue-mail";
import { escapeHtml } from "@/lib/service/mail/html";

/** What an alert says of one enquiry: the car, the buyer and their question, and where to open it. */
export type ConsultaAlertada = {
  sid: string;
  adminMail: string;
  agencia: string | null;
  momento: Date;
  auto: Auto;
  interesado: Interesado;
  /** The enquiry's page in the app (the subscription's Enlace filled in). */
  enlace: string;
  timeZone: string;
};

/** The subscription's Enlace with the enquiry's sid and agency written in. */
export function enlaceDeConsulta(plantilla: string, adminMail: string, sid: string): string {
  return plantilla.replaceAll("{sid}", encodeURIComponent(sid)).replaceAll("{adminMail}", encodeURIComponent(adminMail));
}

const nombreDelAuto = (auto: Auto) => [auto.Marca, auto.Modelo, auto.Version, auto.VersionYear].filter(Boolean).join(" ");

const precio = (auto: Auto) =>
  auto.Precio ? `${auto.Precio.Moneda} ${new Intl.NumberFormat("es-AR").format(auto.Precio.Importe)}` : undefined;

/** WhatsApp, phone and e-mail links to answer the buyer, those their details allow. */
function respuestas(consulta: ConsultaAlertada): { nombre: string; href: string }[] {
  const auto = nombreDelAuto(consulta.auto);
  const { Telefono, Email, Nombre } = consulta.interesado;
  const whatsapp = enlaceWhatsApp(Telefono, `Hola ${Nombre}, te escribo por tu consulta por el ${auto}.`);
  return [
    ...(whatsapp ? [{ nombre: "Responder por WhatsApp", href: whatsapp }] : []),
    ...(Telefono ? [{ nombre: `Llamar al ${Telefono}`, href: enlaceTelefono(Telefono) }] : []),
    ...(Email ? [{ nombre: `Escribir a ${Email}`, href: enlaceEmail(Email, `Tu consulta por el ${auto}`) }] : []),
  ];
}

/** The push notification's payload, read by the Panel's service worker (public/sw.js). */
export function alertaPush(consulta: ConsultaAlertada): { title: string; body: string; url: string; tag: string } {
  const { Nombre, Apellido, Comentario } = consulta.interesado;
  return {
    title: `${Nombre} ${Apellido} · ${nombreDelAuto(consulta.auto)}`,
    body: Comentario.slice(0, 200),
    url: consulta.enlace,
    tag: consulta.sid,
  };
}

const BOTON = "display:inline-block;margin:0 8px 8px 0;padding:12px 16px;border-radius:8px;font-weight:bold;text-decoration:none";

/** The alert e-mail (Spanish, HTML and text): the car and its price, the buyer's question, one-tap answers, the enquiry in the Panel. */
export function alertaMail(to: string, consulta: ConsultaAlertada): OutgoingMail {
  const { Nombre, Apellido, Comentario } = consulta.interesado;
  const auto = nombreDelAuto(consulta.auto);
  const importe = precio(consulta.auto);
  const cuando = formatearFechaHora(consulta.momento, consulta.timeZone);
  const agencia = consulta.agencia ?? consulta.adminMail;
  const enlaces = respuestas(consulta);
  const subject = `Consulta nueva: ${Nombre} ${Apellido} por el ${auto}`;
  const text = [
    `${Nombre} ${Apellido} consultó por el ${auto}${importe ? ` (${importe})` : ""} en ${agencia}, el ${cuando}:`,
    "",
    Comentario,
    "",
    ...enlaces.map((enlace) => `${enlace.nombre}: ${enlace.href}`),
    `Ver la consulta: ${consulta.enlace}`,
    "",
    "Vitrina · Recibís este aviso porque activaste las alertas de consultas nuevas.",
  ].join("\n");
  const html = `<!doctype html>
<html lang="es-AR">
<body style="margin:0;padding:24px;background:#f8fafc;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
  <div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:12px;padding:24px">
    <p style="margin:0 0 8px;font-size:13px;font-weight:bold;letter-spacing:.05em;text-transform:uppercase;color:#1d4ed8">Consulta nueva · ${escapeHtml(agencia)}</p>
    <h1 style="margin:0 0 4px;font-size:20px">${escapeHtml(auto)}</h1>
    ${importe ? `<p style="margin:0 0 16px;font-size:16px">${escapeHtml(importe)}</p>` : ""}
    <p style="margin:0 0 8px;color:#475569">${escapeHtml(`${Nombre} ${Apellido}`)} · <span style="white-space:nowrap">${escapeHtml(cuando)}</span></p>
    <blockquote style="margin:0 0 24px;padding:12px 16px;background:#f1f5f9;border-left:4px solid #1d4ed8;white-space:pre-wrap;line-height:1.5">${escapeHtml(Comentario)}</blockquote>
    <p style="margin:0 0 16px">${enlaces
      .map(
        (enlace) =>
          `<a href="${escapeHtml(enlace.href)}" style="${BOTON};background:#1d4ed8;color:#ffffff">${escapeHtml(enlace.nombre)}</a>`,
      )
      .join("")}</p>
    <p style="margin:0 0 16px"><a href="${escapeHtml(consulta.enlace)}" style="color:#1d4ed8">Ver la consulta en el Panel</a></p>
    <p style="margin:16px 0 0;font-size:13px;color:#64748b">Recibís este aviso porque activaste las alertas de consultas nuevas. Podés pausarlas o cambiar su horario en el Panel, en Alertas.</p>
  </div>
</body>
</html>`;
  return { to, subject, html, text };
}
