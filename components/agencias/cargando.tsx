const FILAS = ["a", "b", "c", "d", "e", "f", "g", "h"];

/** A loading placeholder, announced once to screen readers. */
export function Cargando({ texto, filas = 4 }: { texto: string; filas?: number }) {
  return (
    <div role="status" aria-live="polite" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <span className="sr-only">{texto}</span>
      <div aria-hidden="true" className="motion-safe:animate-pulse space-y-3">
        {FILAS.slice(0, filas).map((fila) => (
          <div key={fila} className="h-5 rounded bg-slate-100" />
        ))}
      </div>
    </div>
  );
}
