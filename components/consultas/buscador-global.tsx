"use client";

import { useEffect, useRef, useSyncExternalStore } from "react";
import { MAX_Q } from "@/lib/api/limites";

/** Whether a key pressed there is somebody typing (a field, an editable area), not a shortcut. */
function escribiendo(target: EventTarget | null): boolean {
  const elemento = target as HTMLElement | null;
  return Boolean(elemento?.closest("input, textarea, select, [contenteditable='true']"));
}

/** Where the long example fits the field (Tailwind's `sm`); on a phone it would be cut off. */
const ANCHO_PARA_EL_EJEMPLO = "(min-width: 40rem)";

function alCambiarElAncho(aviso: () => void): () => void {
  const consulta = window.matchMedia(ANCHO_PARA_EL_EJEMPLO);
  consulta.addEventListener("change", aviso);
  return () => consulta.removeEventListener("change", aviso);
}

/** Whether the window is wide enough for the long example; false on the server (phones first). */
function useAnchoParaElEjemplo(): boolean {
  return useSyncExternalStore(
    alCambiarElAncho,
    () => window.matchMedia(ANCHO_PARA_EL_EJEMPLO).matches,
    () => false,
  );
}

/**
 * The header's search across every agency (admin and soporte): a plain GET form to
 * /panel/consultas/buscar, so it works before the page's JavaScript runs; `/` (outside a field) or
 * Ctrl+K / ⌘K focuses it from any page. The words come from the server; the example is the short one
 * where the long one would not read whole.
 */
export function BuscadorGlobal({
  etiqueta,
  ejemplos,
  atajo,
}: {
  etiqueta: string;
  ejemplos: { largo: string; corto: string };
  atajo: string;
}) {
  const campo = useRef<HTMLInputElement>(null);
  const ancho = useAnchoParaElEjemplo();
  useEffect(() => {
    function alTeclear(event: KeyboardEvent) {
      const ctrlK = (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "k";
      const barra = event.key === "/" && !event.ctrlKey && !event.metaKey && !event.altKey && !escribiendo(event.target);
      if (!ctrlK && !barra) return;
      event.preventDefault();
      campo.current?.focus();
      campo.current?.select();
    }
    document.addEventListener("keydown", alTeclear);
    return () => document.removeEventListener("keydown", alTeclear);
  }, []);
  return (
    <search>
      <form action="/panel/consultas/buscar" method="get" className="flex items-center gap-3">
        <label htmlFor="buscador-global" className="sr-only">
          {etiqueta}
        </label>
        <input
          ref={campo}
          id="buscador-global"
          name="q"
          type="search"
          required
          maxLength={MAX_Q}
          autoComplete="off"
          spellCheck={false}
          placeholder={ancho ? ejemplos.largo : ejemplos.corto}
          aria-keyshortcuts="/ Control+K Meta+K"
          aria-describedby="buscador-global-atajo"
          className="block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-marca-600 focus:outline-none focus:ring-2 focus:ring-marca-100 md:min-h-9 md:max-w-md"
        />
        <span id="buscador-global-atajo" className="hidden text-xs whitespace-nowrap text-slate-600 md:inline">
          {atajo}
        </span>
      </form>
    </search>
  );
}
