/** The placeholder of a part of a page while it loads from the API v3 (announced once, politely). */
export function Cargando({ mensaje, bloques = 2, alto = "h-48" }: { mensaje: string; bloques?: number; alto?: string }) {
  return (
    <div className="space-y-4" aria-busy="true">
      <p role="status" className="text-sm text-slate-600">
        {mensaje}
      </p>
      {Array.from({ length: bloques }, (_, index) => (
        <div
          key={`bloque-${String(index)}`}
          aria-hidden="true"
          className={`${alto} motion-safe:animate-pulse rounded-2xl border border-slate-200 bg-white`}
        />
      ))}
    </div>
  );
}
