"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState, useTransition } from "react";

/** What a mark says afterwards, and how to take it back; `deshacer` answers whether it could, and why not. */
export type Aviso = { texto: string; deshacer: () => Promise<{ ok: true; texto: string } | { ok: false; mensaje: string }> };

/** How long an offer to undo stays (as long as its button has the focus: WCAG 2.2.1). */
const DURACION_MS = 8000;

/** One notice of ProveedorDeAvisos (components/consultas/deshacer.tsx): its text, its Deshacer, its time. */
export function Tostada({ aviso, cerrar }: { aviso: Aviso; cerrar: () => void }) {
  const t = useTranslations();
  const [pendiente, startTransition] = useTransition();
  const [enfocada, setEnfocada] = useState(false);
  const [resultado, setResultado] = useState<{ ok: boolean; texto: string } | null>(null);
  const quieta = enfocada || pendiente;

  useEffect(() => {
    if (quieta) return;
    const reloj = setTimeout(cerrar, DURACION_MS);
    return () => clearTimeout(reloj);
  }, [quieta, cerrar]);

  function deshacer() {
    startTransition(async () => {
      try {
        const respuesta = await aviso.deshacer();
        setResultado(respuesta.ok ? { ok: true, texto: respuesta.texto } : { ok: false, texto: respuesta.mensaje });
      } catch {
        setResultado({ ok: false, texto: t("consultas.atencion.sinConexion") });
      }
      // The button that had the focus is gone, and its blur with it: the time runs again.
      setEnfocada(false);
    });
  }

  return (
    <div
      data-testid="aviso-atencion"
      className="aviso-entra pointer-events-auto flex max-w-full items-center gap-2 rounded-xl bg-slate-900 py-1 pr-1 pl-4 text-sm text-white shadow-lg"
    >
      {resultado ? (
        <p className={`py-2.5 pr-3 ${resultado.ok ? "" : "text-red-200"}`}>{resultado.texto}</p>
      ) : (
        <>
          <p className="py-2.5">{aviso.texto}</p>
          <span aria-hidden="true">·</span>
          <button
            type="button"
            onClick={deshacer}
            onFocus={() => setEnfocada(true)}
            onBlur={() => setEnfocada(false)}
            onKeyDown={(event) => {
              if (event.key !== "Escape") return;
              // Escape closes the notice, not the detail it shows in.
              event.preventDefault();
              event.stopPropagation();
              cerrar();
            }}
            disabled={pendiente}
            aria-busy={pendiente || undefined}
            className="min-h-11 rounded-lg px-3 font-semibold text-sky-200 underline-offset-2 hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:text-slate-400"
          >
            {t("consultas.atencion.deshacer")}
          </button>
        </>
      )}
    </div>
  );
}
