/** The home page's headline numbers: a label and a value each, values tabular. */
export function Cifras({ cifras }: { cifras: { clave: string; etiqueta: string; valor: string; detalle?: string }[] }) {
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {cifras.map((cifra) => (
        <div key={cifra.clave} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" data-cifra={cifra.clave}>
          <dt className="text-sm text-slate-600">{cifra.etiqueta}</dt>
          <dd className="mt-1 text-2xl font-bold tracking-tight text-slate-900 tabular-nums" data-testid={`cifra-${cifra.clave}`}>
            {cifra.valor}
          </dd>
          {cifra.detalle && <dd className="mt-1 text-xs text-slate-600">{cifra.detalle}</dd>}
        </div>
      ))}
    </dl>
  );
}
