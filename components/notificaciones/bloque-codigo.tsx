import type { ReactNode } from "react";

/**
 * A block of text (JSON, a response body) in a <pre>: React escapes it, and it scrolls inside a
 * focusable, labelled region so keyboard users can scroll it too (axe: scrollable-region-focusable).
 */
export function BloqueCodigo({ etiqueta, children, className = "" }: { etiqueta: string; children: ReactNode; className?: string }) {
  return (
    <section
      aria-label={etiqueta}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region has to be reachable with the keyboard.
      tabIndex={0}
      className={`mt-2 overflow-auto rounded-lg bg-slate-900 p-3 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-marca-700 ${className}`}
    >
      <pre className="whitespace-pre-wrap break-all text-xs text-slate-100">{children}</pre>
    </section>
  );
}
