"use client";

import { useTranslations } from "next-intl";
import type { Contacto } from "@/lib/panel/consultas/presentacion";
import { accion, type ICONOS, Icono, useCopiar, useCopias } from "./contacto";

/** A copy button in the detail: says so (aria-live) for two seconds. */
function Copiar({ valor, etiqueta }: { valor: string; etiqueta: string }) {
  const t = useTranslations();
  const [copiado, copiar] = useCopiar();
  return (
    <button type="button" onClick={() => copiar(valor)} title={etiqueta} className={`${accion} px-3`}>
      <Icono nombre={copiado ? "hecho" : "copiar"} />
      {etiqueta}
      <span aria-live="polite" className="text-emerald-800">
        {copiado ? t("consultas.contacto.copiado") : ""}
      </span>
    </button>
  );
}

/**
 * How to reach the buyer from the detail (issue 34, part 3): WhatsApp, Llamar and E-mail first, side
 * by side, each shown in one word and named in full ("Escribir por WhatsApp" contains "WhatsApp":
 * WCAG 2.5.3); then copies of the e-mail, the phone and the sid. The list's icons are
 * components/consultas/contacto.tsx.
 */
export function AccionesContactoDetalle({ contacto, sid }: { contacto: Contacto; sid: string }) {
  const t = useTranslations();
  const copias = useCopias(contacto, sid);
  const enlace = (href: string, icono: keyof typeof ICONOS, nombre: string, visible: string) => (
    <a
      href={href}
      aria-label={nombre}
      title={nombre}
      className={`${accion} px-3`}
      {...(icono === "whatsapp" && { target: "_blank", rel: "noopener noreferrer" })}
    >
      <Icono nombre={icono} />
      {visible}
    </a>
  );
  return (
    <div className="space-y-2" data-testid="contacto">
      <div className="grid auto-cols-fr grid-flow-col gap-2">
        {contacto.whatsapp &&
          enlace(contacto.whatsapp, "whatsapp", t("consultas.contacto.whatsapp"), t("consultas.contacto.whatsappCorto"))}
        {contacto.tel && enlace(contacto.tel, "telefono", t("consultas.contacto.llamar"), t("consultas.contacto.llamar"))}
        {enlace(contacto.mailto, "email", t("consultas.contacto.escribir"), t("consultas.contacto.emailCorto"))}
      </div>
      <div className="flex flex-wrap gap-1.5">
        {copias.map(({ valor, texto }) => (
          <Copiar key={texto} valor={valor} etiqueta={texto} />
        ))}
      </div>
    </div>
  );
}
