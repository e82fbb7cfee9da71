"use client";

import { type ReactNode, useEffect, useId, useRef } from "react";
import { Button } from "./button";

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

/**
 * A dialog's buttons: Cancel and its action (a submit of the dialog's form, unless `alEnviar`). A
 * dangerous action starts with the focus on Cancel, so Enter alone never confirms it.
 */
export function BotonesDeDialogo({
  cancelar,
  enviar,
  pendiente,
  alCancelar,
  alEnviar,
  peligro = false,
}: {
  cancelar: string;
  enviar: string;
  pendiente: boolean;
  alCancelar: () => void;
  alEnviar?: () => void;
  peligro?: boolean;
}) {
  return (
    <div className="flex justify-end gap-3 pt-2">
      <Button variante="secundario" autoFocus={peligro} onClick={alCancelar} disabled={pendiente}>
        {cancelar}
      </Button>
      <Button type={alEnviar ? "button" : "submit"} variante={peligro ? "peligro" : "primario"} cargando={pendiente} onClick={alEnviar}>
        {enviar}
      </Button>
    </div>
  );
}
