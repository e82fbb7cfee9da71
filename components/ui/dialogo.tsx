"use client";

import { type ReactNode, useEffect, useId, useRef } from "react";

/**
 * A modal dialog on the native <dialog>: while `abierto`, the rest of the page is inert, focus moves
 * into it (to the control with autoFocus) and comes back to whatever opened it when it closes;
 * Escape closes it too, and `alCerrar` hears every close.
 */
export function Dialogo({
  abierto,
  alCerrar,
  titulo,
  descripcion,
  children,
}: {
  abierto: boolean;
  alCerrar: () => void;
  titulo: ReactNode;
  descripcion?: ReactNode;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const dialogo = ref.current;
    if (abierto && dialogo && !dialogo.open) dialogo.showModal();
    if (!abierto && dialogo?.open) dialogo.close();
  }, [abierto]);
  return (
    <dialog
      ref={ref}
      onClose={alCerrar}
      aria-labelledby={`${id}-titulo`}
      aria-describedby={descripcion ? `${id}-texto` : undefined}
      className="m-auto w-full max-w-lg rounded-2xl border border-slate-200 bg-white p-6 shadow-xl backdrop:bg-slate-900/50"
    >
      <h2 id={`${id}-titulo`} className="text-lg font-semibold text-slate-900">
        {titulo}
      </h2>
      {descripcion && (
        <div id={`${id}-texto`} className="mt-2 space-y-2 text-sm text-slate-700">
          {descripcion}
        </div>
      )}
      {abierto && <div className="mt-4">{children}</div>}
    </dialog>
  );
}
