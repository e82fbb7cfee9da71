"use client";

import { usePathname } from "next/navigation";
import { type ReactNode, useEffect, useState } from "react";

/**
 * The header's navigation, language switch and Salir: on a wide screen they take their places in the
 * header's own rows (the box is `display: contents`); on a phone folded behind one button
 * (aria-expanded), open below the header's first row, closed again on navigation and with Escape.
 */
export function MenuMovil({ etiqueta, children }: { etiqueta: string; children: ReactNode }) {
  const [abierto, setAbierto] = useState(false);
  const pathname = usePathname();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new pathname is a navigation, which closes the menu.
  useEffect(() => setAbierto(false), [pathname]);
  useEffect(() => {
    if (!abierto) return;
    const alEscape = (event: KeyboardEvent) => event.key === "Escape" && setAbierto(false);
    document.addEventListener("keydown", alEscape);
    return () => document.removeEventListener("keydown", alEscape);
  }, [abierto]);

  return (
    <>
      <button
        type="button"
        aria-expanded={abierto}
        aria-controls="menu-del-panel"
        onClick={() => setAbierto((antes) => !antes)}
        className="ml-auto inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-marca-700 md:hidden"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor">
          {abierto ? (
            <path d="M5.3 4 10 8.6 14.7 4 16 5.3 11.4 10l4.6 4.7-1.3 1.3-4.7-4.6L5.3 16 4 14.7 8.6 10 4 5.3z" />
          ) : (
            <path d="M3 5h14v2H3zm0 4h14v2H3zm0 4h14v2H3z" />
          )}
        </svg>
        {etiqueta}
      </button>
      <div
        id="menu-del-panel"
        className={`${abierto ? "flex" : "hidden"} w-full flex-col gap-4 border-t border-slate-200 pt-3 md:contents`}
      >
        {children}
      </div>
    </>
  );
}
