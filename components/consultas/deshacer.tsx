"use client";

import { useTranslations } from "next-intl";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState, useTransition } from "react";
import { createPortal } from "react-dom";

/** What a mark says afterwards, and how to take it back; `deshacer` answers whether it could, and why not. */
export type Aviso = { texto: string; deshacer: () => Promise<{ ok: true; texto: string } | { ok: false; mensaje: string }> };

/** How long an offer to undo stays (as long as its button has the focus: WCAG 2.2.1). */
const DURACION_MS = 8000;

type Contexto = { avisar: (aviso: Aviso) => void; agregarLugar: (lugar: HTMLElement) => () => void };

const ContextoDeAvisos = createContext<Contexto | null>(null);

/** The inbox's and the search's way to say "Marcada como atendida · Deshacer" (ProveedorDeAvisos above). */
export function useAvisar(): (aviso: Aviso) => void {
  const contexto = useContext(ContextoDeAvisos);
  if (!contexto) throw new Error("useAvisar fuera de ProveedorDeAvisos");
  return contexto.avisar;
}

/**
 * The Consultas area's short notices with an undo (issue 34, part 4): one at a time, at the bottom of
 * the window, in a polite live region, gone after a few seconds. A modal dialog makes everything
 * outside it inert, so while one is open (the enquiry's detail) the notice shows in the dialog's own
 * place (LugarDeAvisos), where its Deshacer can still be reached.
 */
export function ProveedorDeAvisos({ children }: { children: ReactNode }) {
  // Numbered: a new mark starts a Tostada of its own (its time, its undo).
  const [actual, setActual] = useState<{ aviso: Aviso; numero: number } | null>(null);
  const [lugares, setLugares] = useState<HTMLElement[]>([]);
  const cerrar = useCallback(() => setActual(null), []);
  const contexto = useMemo<Contexto>(
    () => ({
      avisar: (aviso) => setActual((antes) => ({ aviso, numero: (antes?.numero ?? 0) + 1 })),
      agregarLugar: (lugar) => {
        setLugares((antes) => [...antes, lugar]);
        return () => setLugares((antes) => antes.filter((otro) => otro !== lugar));
      },
    }),
    [],
  );
  const lugar = lugares.at(-1);
  const tostada = actual && <Tostada key={actual.numero} aviso={actual.aviso} cerrar={cerrar} />;
  return (
    <ContextoDeAvisos value={contexto}>
      {children}
      <div aria-live="polite" className={claseDeLugar("fixed inset-x-0 bottom-4 z-40")}>
        {!lugar && tostada}
      </div>
      {lugar && tostada && createPortal(tostada, lugar)}
    </ContextoDeAvisos>
  );
}

/** A modal dialog's place for the notices, at the bottom of its visible part. */
export function LugarDeAvisos() {
  const contexto = useContext(ContextoDeAvisos);
  const registrar = useCallback(
    (lugar: HTMLDivElement | null) => (lugar && contexto ? contexto.agregarLugar(lugar) : undefined),
    [contexto],
  );
  return <div ref={registrar} aria-live="polite" className={claseDeLugar("sticky bottom-4")} />;
}

const claseDeLugar = (posicion: string) => `pointer-events-none flex justify-center px-4 ${posicion}`;

function Tostada({ aviso, cerrar }: { aviso: Aviso; cerrar: () => void }) {
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
