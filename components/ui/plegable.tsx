"use client";

import { type ReactNode, useRef, useState } from "react";
import { Button } from "./button";

/**
 * A part of a page that folds behind a button on a phone (below `md`) and is always shown on a wider
 * screen: a list's filters, so the first screen shows the list. The button says whether it is open
 * (aria-expanded) and what it opens (aria-controls); the panel is hidden with `hidden`, so a screen
 * reader skips it too while folded. Opening it focuses its first field.
 */
export function usePlegable(id: string, abiertoAlInicio = false) {
  const [abierto, setAbierto] = useState(abiertoAlInicio);
  const ref = useRef<HTMLDivElement>(null);
  function alternar() {
    setAbierto(!abierto);
    if (!abierto) requestAnimationFrame(() => ref.current?.querySelector<HTMLElement>("input, select")?.focus());
  }
  return {
    abierto,
    boton: { "aria-expanded": abierto, "aria-controls": id, onClick: alternar },
    panel: { id, ref, className: abierto ? "block" : "hidden md:block" },
  };
}

export type Plegado = ReturnType<typeof usePlegable>;

/** The button that opens and closes a folded panel; only on a phone. */
export function BotonPlegable({ plegable, className = "", children }: { plegable: Plegado; className?: string; children: ReactNode }) {
  return (
    <Button variante="secundario" className={`md:hidden ${className}`} {...plegable.boton}>
      {children}
    </Button>
  );
}

/** Its button right above the panel, for a panel that needs nothing else beside the button. */
export function Plegable({
  id,
  etiqueta,
  abiertoAlInicio = false,
  className = "",
  children,
}: {
  id: string;
  etiqueta: string;
  abiertoAlInicio?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const plegable = usePlegable(id, abiertoAlInicio);
  return (
    <>
      <BotonPlegable plegable={plegable}>{etiqueta}</BotonPlegable>
      <div ref={plegable.panel.ref} id={id} className={`${plegable.panel.className} ${className}`}>
        {children}
      </div>
    </>
  );
}
