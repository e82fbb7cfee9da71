"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState, useTransition } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { Campo, Contacto, Resumen, Seccion } from "@/lib/panel/consultas/presentacion";
import { resendConsultaWebhook } from "@/lib/panel/consultas/reenviar";
import { AccionesContacto } from "./contacto";
import { LugarDeAvisos } from "./deshacer";
import { MarcarAtendida } from "./marcar-atendida";

type Props = {
  sid: string;
  adminMail: string;
  titulo: string;
  /** The vehicle, its price and the buyer's question: the first thing read. */
  resumen: Resumen | null;
  secciones: Seccion[] | null;
  /** Why the enquiry could not be read (404, API unreachable…). */
  error: string | null;
  /** admin and soporte may resend the webhook (checked again on the server). */
  puedeReenviar: boolean;
  /** Whether the user marks enquiries attended (not soporte: decisions 0097). */
  puedeMarcar: boolean;
  /** The inbox URL without `sid`: where closing goes. */
  hrefCerrar: string;
  /** How to reach the buyer: the actions at the top. */
  contacto: Contacto | null;
  /** Whether the app marked it attended: the button offers the other state. */
  atendida: boolean;
};

/**
 * Every field of one enquiry, in a modal <dialog> (focus kept inside, Escape closes): a drawer on
 * the right on a wide screen, the whole screen on a phone. On a phone's first screen (issue 34,
 * part 3): the vehicle, its price and the buyer's question, then WhatsApp / Llamar / E-mail and the
 * mark; below, the buyer's and the vehicle's data, the metadata folded (a <details>), and the
 * webhook's resend. Each part is a block of its own, so another (the enquiry's history) slots in
 * between. Closing removes `sid` from the URL and returns the focus to the row's link.
 */
export function DetalleConsulta({
  sid,
  adminMail,
  titulo,
  resumen,
  secciones,
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
        setReenvio(await resendConsultaWebhook(adminMail, sid));
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
        {resumen && <ResumenDeConsulta resumen={resumen} />}
        {contacto && secciones && (
          <nav aria-label={t("consultas.detalle.acciones")} className="space-y-3">
            <AccionesContacto contacto={contacto} sid={sid} compacto={false} />
            {puedeMarcar && <MarcarAtendida adminMail={adminMail} sid={sid} atendida={atendida} compacto={false} />}
          </nav>
        )}
        {secciones?.map((seccion) =>
          seccion.plegada ? (
            <details key={seccion.titulo} className="group rounded-xl border border-slate-200" data-testid="metadatos">
              <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-xl px-4 text-sm font-semibold text-slate-700 hover:bg-slate-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-marca-700 [&::-webkit-details-marker]:hidden">
                <svg
                  aria-hidden="true"
                  viewBox="0 0 20 20"
                  className="h-4 w-4 shrink-0 group-open:rotate-90 motion-safe:transition-transform"
                  fill="currentColor"
                >
                  <path d="M7.3 4.3 13 10l-5.7 5.7-1.4-1.4L10.2 10 5.9 5.7z" />
                </svg>
                {seccion.titulo}
                <span className="font-normal text-slate-500">{t("consultas.detalle.metadatosAyuda")}</span>
              </summary>
              <Campos campos={seccion.campos} className="border-t border-slate-200" />
            </details>
          ) : (
            <section key={seccion.titulo} aria-labelledby={`detalle-${seccion.titulo}`}>
              <h3 id={`detalle-${seccion.titulo}`} className="text-sm font-semibold uppercase tracking-wide text-slate-500">
                {seccion.titulo}
              </h3>
              <Campos campos={seccion.campos} className="mt-2 rounded-xl border border-slate-200" />
            </section>
          ),
        )}
        {puedeReenviar && secciones && (
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

/** The vehicle and its price, the buyer's question in their words, when it came and who attended it. */
function ResumenDeConsulta({ resumen }: { resumen: Resumen }) {
  const t = useTranslations();
  return (
    <section aria-label={t("consultas.detalle.resumen")} className="space-y-3" data-testid="resumen">
      <div>
        <p className="font-semibold break-words text-slate-900">{resumen.vehiculo}</p>
        <p className="text-xl font-bold tabular-nums text-slate-900">{resumen.precio}</p>
      </div>
      <dl className="space-y-2 text-sm">
        <div data-campo="Comentario">
          <dt className="sr-only">{t("consultas.detalle.pregunta")}</dt>
          <dd
            className={`rounded-xl border-l-4 px-4 py-3 whitespace-pre-wrap break-words ${resumen.pregunta ? "border-marca-600 bg-marca-50 text-base text-slate-900" : "border-slate-300 bg-slate-50 text-slate-600"}`}
          >
            {resumen.pregunta ?? t("consultas.detalle.sinPregunta")}
          </dd>
        </div>
        {resumen.campos.map((campo) => (
          <div key={campo.nombre} className="flex flex-wrap gap-x-2" data-campo={campo.nombre}>
            <dt className="text-slate-600">{campo.etiqueta}:</dt>
            <dd className="break-words text-slate-900">{campo.valor}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** A group of fields, label and value, one per row (two columns from `sm`). */
function Campos({ campos, className }: { campos: Campo[]; className: string }) {
  return (
    <dl className={`divide-y divide-slate-100 ${className}`}>
      {campos.map((campo) => (
        <div key={campo.nombre} className="grid gap-1 px-4 py-2 text-sm sm:grid-cols-3 sm:gap-3" data-campo={campo.nombre}>
          <dt className="text-slate-600">{campo.etiqueta}</dt>
          <dd className="whitespace-pre-wrap sm:col-span-2 break-words text-slate-900">
            {campo.crudo ? (
              <span title={campo.crudo} data-crudo={campo.crudo}>
                {campo.valor}
              </span>
            ) : (
              campo.valor
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
