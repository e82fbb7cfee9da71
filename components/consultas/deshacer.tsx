"use client";

import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useMemo, useState } from "react";
import { createPortal } from "react-dom";
import type { Aviso } from "./tostada";

/** The notice itself, its code loaded with the first mark rather than with the inbox (the first-load JS budget). */
const Tostada = lazy(() => import("./tostada").then((modulo) => ({ default: modulo.Tostada })));

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
  const [lugar, setLugar] = useState<HTMLElement | null>(null);
  const cerrar = useCallback(() => setActual(null), []);
  const contexto = useMemo<Contexto>(
    () => ({
      avisar: (aviso) => setActual((antes) => ({ aviso, numero: (antes?.numero ?? 0) + 1 })),
      agregarLugar: (nuevo) => {
        setLugar(nuevo);
        return () => setLugar(null);
      },
    }),
    [],
  );
  const tostada = actual && (
    <Suspense>
      <Tostada key={actual.numero} aviso={actual.aviso} cerrar={cerrar} />
    </Suspense>
  );
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
