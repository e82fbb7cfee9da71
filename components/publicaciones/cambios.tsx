import type { FilaCambio } from "@/lib/panel/publicaciones/presentacion";

/**
 * A listing's changes, newest first: each says what happened, what it left, who made it and when.
 * A list rather than a table: on a phone each change is a short block, on a wide screen a row.
 */
export function ListaCambios({ cambios, caption, quien }: { cambios: FilaCambio[]; caption: string; quien: string }) {
  return (
    <ol aria-label={caption} className="divide-y divide-slate-200" data-testid="cambios">
      {cambios.map((cambio, indice) => (
        <li
          // A listing's changes have no id of their own; the list never reorders while shown.
          // biome-ignore lint/suspicious/noArrayIndexKey: the order is the data's.
          key={indice}
          className="grid gap-1 py-3 first:pt-0 last:pb-0 md:grid-cols-[11rem_minmax(0,1fr)_12rem] md:gap-4"
          data-testid="cambio"
        >
          <time dateTime={cambio.momentoIso} className="text-sm text-slate-600">
            {cambio.momento}
          </time>
          <div className="min-w-0">
            <p className="font-medium text-slate-900">{cambio.que}</p>
            <p className="break-words text-sm text-slate-700">{cambio.resultado}</p>
            {cambio.foto && (
              <p className="truncate text-xs text-slate-500" title={cambio.foto}>
                {cambio.foto}
              </p>
            )}
          </div>
          <p className="text-sm text-slate-700">
            <span className="sr-only">{quien}: </span>
            {cambio.origen}
          </p>
        </li>
      ))}
    </ol>
  );
}
