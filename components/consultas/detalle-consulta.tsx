"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { type ReactNode, useEffect, useRef, useState, useTransition } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { Contacto } from "@/lib/panel/consultas/presentacion";
import { resendConsultaWebhook } from "@/lib/panel/consultas/reenviar";
import { AccionesContactoDetalle } from "./contacto-detalle";
import { LugarDeAvisos } from "./deshacer";
import { MarcarAtendida } from "./marcar-atendida";

type Props = {
  sid: string;
  adminMail: string;
  titulo: string;
  /** The vehicle, its price and the buyer's question, rendered on the server: the first thing read. */
  resumen: ReactNode;
  /** The enquiry's data below the actions, rendered on the server (sections, metadata; the history). */
  children: ReactNode;
  /** Why the enquiry could not be read (404, API unreachable…). */
  error: string | null;
  /** admin and soporte may resend the webhook (checked again on the server). */
  puedeReenviar: boolean;
  /** Whether the user marks enquiries attended (not soporte: decisions 0097). */
  puedeMarcar: boolean;
  /** The inbox URL without `sid`: where closing goes. */
  hrefCerrar: string;
  /** How to reach the buyer: the actions at the top; null when the enquiry could not be read. */
  contacto: Contacto | null;
  /** Whether the app marked it attended: the button offers the other state. */
  atendida: boolean;
};

/**
 * One enquiry, in a modal <dialog> (focus kept inside, Escape closes): a drawer on the right on a
 * wide screen, the whole screen on a phone. On a phone's first screen (issue 34, part 3): the
 * summary (the vehicle, its price and the buyer's question), then WhatsApp / Llamar / E-mail and the
 * mark; below, the data (`children`: components/consultas/cuerpo-consulta.tsx, server components, so
 * their code stays off the browser and another block, the history, slots in there), then the
 * webhook's resend. Closing removes `sid` from the URL and returns the focus to the row's link.
 */
export function DetalleConsulta({
  sid,
  adminMail,
  titulo,
  resumen,
  children,
  error,
  puedeReenviar,
  puedeMarcar,
  hrefCerrar,
  contacto,
  atendida,
}: Props) {
  const t = useTranslations();
  const router = useRouter();
  const dialogo = useRef<HTMLDialogElement>(null);
  const [reenvio, setReenvio] = useState<{ ok: boolean; mensaje: string } | null>(null);
  const [reenviando, startReenvio] = useTransition();

  useEffect(() => {
    const dialog = dialogo.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  function cerrar() {
    router.push(hrefCerrar, { scroll: false });
    requestAnimationFrame(() => document.getElementById(`consulta-${sid}`)?.focus());
  }

  function reenviar() {
    setReenvio(null);
    startReenvio(async () => {
      try {
        const resultado = await resendConsultaWebhook(adminMail, sid);
        setReenvio(resultado);
        // The history shows the resend and its delivery.
        if (resultado.ok) router.refresh();
      } catch {
        setReenvio({ ok: false, mensaje: t("consultas.detalle.sinConexion") });
      }
    });
  }

  return (
    <dialog
      ref={dialogo}
      aria-labelledby="detalle-titulo"
      onClose={cerrar}
      className="fixed inset-0 m-0 h-full max-h-none w-full max-w-none overflow-y-auto bg-white p-0 shadow-2xl backdrop:bg-slate-900/40 sm:left-auto sm:max-w-xl sm:border-l sm:border-slate-200"
    >
      <div className="sticky top-0 z-10 flex items-start justify-between gap-4 border-b border-slate-200 bg-white px-4 py-3 sm:px-6 sm:py-4">
        <div className="min-w-0">
          <p className="text-xs font-semibold uppercase tracking-wide text-marca-700">{t("consultas.detalle.consulta")}</p>
          <h2 id="detalle-titulo" className="text-xl font-bold tracking-tight break-words text-slate-900">
            {titulo}
          </h2>
        </div>
        <form method="dialog">
          <Button type="submit" variante="fantasma" aria-label={t("consultas.detalle.cerrar")}>
            <span aria-hidden="true">✕</span>
          </Button>
        </form>
      </div>
      <div className="space-y-6 px-4 py-4 sm:px-6 sm:py-6">
        {error && <Alert tono="error">{error}</Alert>}
        {resumen}
        {contacto && (
          <nav aria-label={t("consultas.detalle.acciones")} className="space-y-3">
            <AccionesContactoDetalle contacto={contacto} sid={sid} />
            {puedeMarcar && <MarcarAtendida adminMail={adminMail} sid={sid} atendida={atendida} compacto={false} />}
          </nav>
        )}
        {children}
        {puedeReenviar && contacto && (
          <section aria-labelledby="detalle-webhook" className="rounded-xl border border-slate-200 bg-slate-50 p-4">
            <h3 id="detalle-webhook" className="text-sm font-semibold text-slate-900">
              {t("consultas.detalle.webhook")}
            </h3>
            <p className="mt-1 text-sm text-slate-600">{t("consultas.detalle.webhookTexto")}</p>
            <div className="mt-3">
              <Button variante="secundario" cargando={reenviando} onClick={reenviar}>
                {reenviando ? t("consultas.detalle.reenviando") : t("consultas.detalle.reenviar")}
              </Button>
            </div>
            <div aria-live="polite" className="mt-3" data-testid="resultado-reenvio">
              {reenvio && <p className={`text-sm ${reenvio.ok ? "text-emerald-800" : "text-red-700"}`}>{reenvio.mensaje}</p>}
            </div>
          </section>
        )}
        <form method="dialog">
          <Button type="submit" variante="secundario">
            {t("comun.cerrar")}
          </Button>
        </form>
      </div>
      <LugarDeAvisos />
    </dialog>
  );
}
