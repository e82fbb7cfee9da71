/**
 * While the enquiries load: the shape of the filters (`filtros`) and of the table, announced as busy.
 * The page renders it inside its own Suspense, after its role check: a route loading.tsx would send
 * 200 before a 403.
 */
export function CargandoConsultas({ texto, filtros = true }: { texto: string; filtros?: boolean }) {
  return (
    <div className="space-y-6" aria-busy="true">
      <p className="text-slate-600" role="status">
        {texto}
      </p>
      {filtros && (
        <div className="grid motion-safe:animate-pulse gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:grid-cols-2 lg:grid-cols-3">
          {[1, 2, 3, 4, 5].map((n) => (
            <div key={n} className="space-y-2">
              <div className="h-3 w-24 rounded bg-slate-200" />
              <div className="h-9 rounded-lg bg-slate-100" />
            </div>
          ))}
        </div>
      )}
      <div className="motion-safe:animate-pulse overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
        <div className="h-10 bg-slate-50" />
        {[1, 2, 3, 4, 5, 6, 7, 8].map((n) => (
          <div key={n} className="flex gap-4 border-t border-slate-100 px-4 py-4">
            <div className="h-4 w-28 rounded bg-slate-200" />
            <div className="h-4 w-36 rounded bg-slate-200" />
            <div className="h-4 flex-1 rounded bg-slate-100" />
            <div className="h-4 w-20 rounded bg-slate-200" />
          </div>
        ))}
      </div>
    </div>
  );
}
