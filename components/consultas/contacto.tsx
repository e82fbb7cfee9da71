"use client";

import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { MenuDeAcciones } from "@/components/ui/menu";
import type { Contacto } from "@/lib/panel/consultas/presentacion";

export const ICONOS = {
  email: "M3 5h14a1 1 0 0 1 1 1v8a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zm.5 1.8V13.5h13V6.8L10 11 3.5 6.8zM4.6 6.5 10 9.9l5.4-3.4z",
  telefono: "M6.6 2.5 8.4 6 7 7.4a10 10 0 0 0 5.6 5.6L14 11.6l3.5 1.8-.6 3.2c-.1.6-.7 1-1.3.9C8.6 16.9 3.1 11.4 2.5 4.4c0-.6.4-1.2.9-1.3z",
  whatsapp:
    "M10 2a8 8 0 0 0-6.9 12L2 18l4.1-1.1A8 8 0 1 0 10 2zm0 1.5a6.5 6.5 0 1 1-3.4 12l-.3-.1-2.2.6.6-2.1-.2-.3A6.5 6.5 0 0 1 10 3.5zM7.3 6c-.2 0-.5 0-.7.3-.3.3-.9.9-.9 2.1s.9 2.4 1 2.6c.1.2 1.8 2.8 4.4 3.8 2.2.8 2.6.7 3.1.6.5 0 1.5-.6 1.7-1.2.2-.6.2-1.1.1-1.2l-.5-.3-1.6-.8c-.2-.1-.4-.1-.6.1l-.7.9c-.1.2-.3.2-.5.1-.3-.1-1-.4-1.9-1.2-.7-.6-1.2-1.4-1.3-1.6-.1-.3 0-.4.1-.5l.4-.5.2-.4v-.4l-.8-1.8c-.2-.4-.4-.4-.5-.4z",
  copiar:
    "M7 2h9a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1h-2v-1.5h1.5v-9h-8V5H6V3a1 1 0 0 1 1-1zM4 6h9a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1zm.5 1.5v9h8v-9z",
  mas: "M4 8.5a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3zm6 0a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3zm6 0a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3z",
  hecho: "M8 13.2 4.5 9.7 3.4 10.8 8 15.4l8.6-8.6-1.1-1.1z",
} as const;

export function Icono({ nombre }: { nombre: keyof typeof ICONOS }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5 shrink-0" fill="currentColor">
      <path fillRule="evenodd" d={ICONOS[nombre]} />
    </svg>
  );
}

export const accion =
  "inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-marca-700";
/** In the list, on a desktop, where the row must stay low: 36 px (44 px on a phone, a touch target). */
const compacta = "md:min-h-9 md:min-w-9";

async function alPortapapeles(valor: string) {
  try {
    await navigator.clipboard.writeText(valor);
  } catch {
    const area = Object.assign(document.createElement("textarea"), { value: valor });
    document.body.append(area);
    area.select();
    document.execCommand("copy");
    area.remove();
  }
}

/** Copies a value and remembers, for two seconds, that it did. Without the Clipboard API, a selection and execCommand. */
export function useCopiar(): [boolean, (valor: string) => Promise<void>] {
  const [copiado, setCopiado] = useState(false);
  const reloj = useRef<ReturnType<typeof setTimeout>>(undefined);
  async function copiar(valor: string) {
    await alPortapapeles(valor);
    setCopiado(true);
    clearTimeout(reloj.current);
    reloj.current = setTimeout(() => setCopiado(false), 2000);
  }
  return [copiado, copiar];
}

/**
 * The list's copy actions behind one "Más acciones" button (its icon turns to a tick, and a live
 * region says "Copiado", for two seconds after a copy).
 */
function MasAcciones({ copias, de }: { copias: { valor: string; texto: string }[]; de?: string }) {
  const t = useTranslations();
  const [copiado, copiar] = useCopiar();
  return (
    <>
      <MenuDeAcciones
        etiqueta={t("consultas.contacto.mas")}
        de={de}
        opciones={copias.map(({ valor, texto }) => ({ texto, alElegir: () => copiar(valor) }))}
        className={`${accion} ${compacta} ${copiado ? "text-emerald-800" : ""}`}
      >
        {copiado ? <Icono nombre="hecho" /> : <Icono nombre="mas" />}
      </MenuDeAcciones>
      <span aria-live="polite" className="sr-only">
        {copiado ? t("consultas.contacto.copiado") : ""}
      </span>
    </>
  );
}

/** The copies of the buyer's e-mail and phone and of the sid, with the words that say which. */
export function useCopias(contacto: Contacto, sid: string) {
  const t = useTranslations();
  return [
    { valor: contacto.email, texto: t("consultas.contacto.copiarEmail") },
    ...(contacto.telefono ? [{ valor: contacto.telefono, texto: t("consultas.contacto.copiarTelefono") }] : []),
    { valor: sid, texto: t("consultas.contacto.copiarSid") },
  ];
}

/**
 * How to reach the buyer from a row of the list, as icons: e-mail with a subject naming the vehicle,
 * phone, WhatsApp with a first line naming it, and behind "Más acciones" copies of the e-mail, the
 * phone and the sid; 44 px targets on a phone, 36 px on a desktop, where the e-mail and the phone are
 * also the contact column's links. Each icon's name says what it does and its description (`de`: the
 * row's link) whose enquiry. The detail's words are components/consultas/contacto-detalle.tsx.
 */
export function AccionesContacto({ contacto, sid, de }: { contacto: Contacto; sid: string; de?: string }) {
  const t = useTranslations();
  const copias = useCopias(contacto, sid);
  const enlace = (href: string, icono: keyof typeof ICONOS, texto: string, extra = "") => (
    <a
      href={href}
      aria-label={texto}
      aria-describedby={de}
      title={texto}
      className={`${accion} ${compacta} ${extra}`}
      {...(icono === "whatsapp" && { target: "_blank", rel: "noopener noreferrer" })}
    >
      <Icono nombre={icono} />
    </a>
  );
  return (
    // The icons join the row's other action (the mark) in one line.
    <div className="contents" data-testid="contacto">
      {enlace(contacto.mailto, "email", t("consultas.contacto.escribir"), "md:hidden")}
      {contacto.tel && enlace(contacto.tel, "telefono", t("consultas.contacto.llamar"), "md:hidden")}
      {contacto.whatsapp && enlace(contacto.whatsapp, "whatsapp", t("consultas.contacto.whatsapp"))}
      <MasAcciones copias={copias} de={de} />
    </div>
  );
}
