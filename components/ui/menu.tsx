"use client";

import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";

export type OpcionDeMenu = { texto: string; alElegir: () => void };

const MARGEN = 4;
/** Room the list needs below its button: three or four items of 44 px. */
const ESPACIO_ABAJO = 200;

/**
 * A menu button (WAI-ARIA's pattern): the button opens a list of actions below it (above it near the
 * window's bottom), focused on the first (ArrowUp: the last); arrows, Home and End move, Enter or a
 * click chooses, Escape closes and gives the focus back to the button, Tab closes. The list is a
 * popover: in the top layer, no table or scrolling box clips it, and a click outside closes it. It
 * closes too when the page scrolls or the window changes size, rather than drift from its button.
 */
export function MenuDeAcciones({
  etiqueta,
  de,
  opciones,
  className,
  children,
}: {
  /** The button's accessible name (its content is an icon) and the menu's. */
  etiqueta: string;
  /** The id of what the actions are about, for the button's description. */
  de?: string;
  opciones: OpcionDeMenu[];
  className: string;
  children: ReactNode;
}) {
  const id = useId();
  const boton = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const [abierto, setAbierto] = useState(false);

  useEffect(() => {
    const lista = menu.current;
    const ancla = boton.current;
    if (!lista || !ancla) return;
    const antes = (event: Event) => {
      if ((event as ToggleEvent).newState === "open") ubicar(lista, ancla.getBoundingClientRect());
    };
    // The toggle event comes a task after the menu opens: a menu opened by a key already has the
    // focus (and may have moved it on); one opened by a click gets it on its first item here.
    const despues = (event: Event) => {
      const abre = (event as ToggleEvent).newState === "open";
      setAbierto(abre);
      if (abre && !lista.contains(document.activeElement)) itemsDe(lista)[0]?.focus();
    };
    lista.addEventListener("beforetoggle", antes);
    lista.addEventListener("toggle", despues);
    return () => {
      lista.removeEventListener("beforetoggle", antes);
      lista.removeEventListener("toggle", despues);
    };
  }, []);

  useEffect(() => {
    if (!abierto) return;
    const cerrarSinFoco = () => menu.current?.hidePopover();
    window.addEventListener("scroll", cerrarSinFoco, { capture: true, passive: true });
    window.addEventListener("resize", cerrarSinFoco);
    return () => {
      window.removeEventListener("scroll", cerrarSinFoco, { capture: true });
      window.removeEventListener("resize", cerrarSinFoco);
    };
  }, [abierto]);

  function cerrar() {
    boton.current?.focus();
    if (menu.current?.matches(":popover-open")) menu.current.hidePopover();
  }

  /** Enter and ArrowDown open the menu on its first item, ArrowUp on its last, at once (the next key reaches the menu). */
  function teclaEnBoton(event: KeyboardEvent) {
    const lista = menu.current;
    const ultima = event.key === "ArrowUp";
    if (!lista || !(ultima || event.key === "ArrowDown" || event.key === "Enter")) return;
    event.preventDefault();
    if (!lista.matches(":popover-open")) lista.showPopover();
    const todas = itemsDe(lista);
    todas[ultima ? todas.length - 1 : 0]?.focus();
  }

  function teclaEnMenu(event: KeyboardEvent<HTMLElement>) {
    const todas = itemsDe(event.currentTarget);
    const actual = todas.indexOf(document.activeElement as HTMLElement);
    const destino = { ArrowDown: actual + 1, ArrowUp: actual - 1, Home: 0, End: todas.length - 1 }[event.key];
    if (destino !== undefined) {
      event.preventDefault();
      todas[(destino + todas.length) % todas.length]?.focus();
    } else if (event.key === "Escape") {
      event.preventDefault();
      cerrar();
    } else if (event.key === "Tab") {
      // The focus goes on from the button, as if the menu had not been there.
      cerrar();
    }
  }

  return (
    <>
      <button
        ref={boton}
        id={`${id}-boton`}
        type="button"
        aria-label={etiqueta}
        aria-describedby={de}
        title={etiqueta}
        aria-haspopup="menu"
        aria-expanded={abierto}
        aria-controls={`${id}-menu`}
        popoverTarget={`${id}-menu`}
        onKeyDown={teclaEnBoton}
        className={className}
      >
        {children}
      </button>
      <div
        ref={menu}
        id={`${id}-menu`}
        popover="auto"
        role="menu"
        aria-labelledby={`${id}-boton`}
        onKeyDown={teclaEnMenu}
        className="m-0 min-w-48 rounded-lg border border-slate-200 bg-white p-1 text-sm font-normal text-slate-800 shadow-lg"
      >
        {opciones.map((opcion) => (
          <button
            key={opcion.texto}
            type="button"
            role="menuitem"
            tabIndex={-1}
            onClick={() => {
              cerrar();
              opcion.alElegir();
            }}
            className="flex min-h-11 w-full items-center rounded-md px-3 text-left hover:bg-slate-100 focus:bg-marca-50 focus:text-marca-900 focus:outline-none md:min-h-9"
          >
            {opcion.texto}
          </button>
        ))}
      </div>
    </>
  );
}

const itemsDe = (lista: HTMLElement) => [...lista.querySelectorAll<HTMLElement>('[role="menuitem"]')];

/**
 * Flush with the button's right edge, below it; above it in the window's lower part. Placed before
 * it shows (beforetoggle), so from the edges, without measuring the list.
 */
function ubicar(lista: HTMLElement, ancla: DOMRect) {
  const arriba = ancla.bottom > window.innerHeight - ESPACIO_ABAJO;
  Object.assign(lista.style, {
    inset: "auto",
    right: `${Math.max(MARGEN, window.innerWidth - ancla.right)}px`,
    ...(arriba ? { bottom: `${window.innerHeight - ancla.top + MARGEN}px` } : { top: `${ancla.bottom + MARGEN}px` }),
  });
}
