"use client";

import { type KeyboardEvent, type PointerEvent, useState } from "react";

export type Barra = { dia: string; cantidad: number; texto: string; eje: string | null };

const SEMANA = 7;
const TECLAS: Record<string, (indice: number, ultima: number) => number> = {
  ArrowLeft: (indice) => indice - 1,
  ArrowDown: (indice) => indice - 1,
  ArrowRight: (indice) => indice + 1,
  ArrowUp: (indice) => indice + 1,
  PageDown: (indice) => indice - SEMANA,
  PageUp: (indice) => indice + SEMANA,
  Home: () => 0,
  End: (_, ultima) => ultima,
};

/** Where a bar or a mark stands on the value axis, in percent of the plot's height. */
const altura = (valor: number, tope: number) => `${(valor / tope) * 100}%`;

/** The day under a pointer: the plot is split in equal columns, one per day, with no gaps. */
function indiceBajo(evento: PointerEvent<HTMLElement>, cantidad: number) {
  const caja = evento.currentTarget.getBoundingClientRect();
  return Math.min(cantidad - 1, Math.max(0, Math.floor(((evento.clientX - caja.left) / caja.width) * cantidad)));
}

/**
 * The 30-day chart's plot (decision 0104): one slider across the bars, the whole plot its touch
 * target; a tap or a drag on a bar, a hover, or the arrow keys show that day's value above it ("12
 * consultas el 3 de noviembre"), which a screen reader hears as the slider's value. Today first.
 */
export function BarrasPorDia({ titulo, barras, marcas }: { titulo: string; barras: Barra[]; marcas: { valor: number; texto: string }[] }) {
  const ultima = barras.length - 1;
  const [elegida, setElegida] = useState(ultima);
  const [encima, setEncima] = useState<number | null>(null);
  const tope = Math.max(1, marcas.at(-1)?.valor ?? 1);
  const mostrada = encima ?? elegida;

  const teclear = (evento: KeyboardEvent<HTMLDivElement>) => {
    const destino = TECLAS[evento.key]?.(elegida, ultima);
    if (destino === undefined) return;
    evento.preventDefault();
    setEncima(null);
    setElegida(Math.min(ultima, Math.max(0, destino)));
  };
  const tocar = (evento: PointerEvent<HTMLDivElement>) => {
    // A finger keeps the plot while it drags across the days (the page still scrolls up and down).
    evento.currentTarget.setPointerCapture(evento.pointerId);
    setElegida(indiceBajo(evento, barras.length));
  };
  const mover = (evento: PointerEvent<HTMLDivElement>) => {
    const indice = indiceBajo(evento, barras.length);
    if (evento.buttons !== 0) setElegida(indice);
    else if (evento.pointerType === "mouse") setEncima(indice);
  };

  return (
    <div className="space-y-2">
      <p className="min-h-5 text-sm font-medium text-slate-900 tabular-nums" data-testid="grafico-valor" aria-hidden="true">
        {barras[mostrada]?.texto}
      </p>
      <div className="flex gap-2">
        <div className="relative h-40 w-8 shrink-0 text-right text-xs text-slate-600 tabular-nums" aria-hidden="true">
          {marcas.map((marca) => (
            <span key={marca.valor} className="absolute right-0 translate-y-1/2" style={{ bottom: altura(marca.valor, tope) }}>
              {marca.texto}
            </span>
          ))}
        </div>
        <div className="min-w-0 flex-1">
          <div className="relative h-40">
            {marcas.map((marca) => (
              <div
                key={marca.valor}
                className={`absolute inset-x-0 border-t ${marca.valor === 0 ? "border-slate-400" : "border-slate-200"}`}
                style={{ bottom: altura(marca.valor, tope) }}
                aria-hidden="true"
              />
            ))}
            <div
              role="slider"
              tabIndex={0}
              aria-label={titulo}
              aria-orientation="horizontal"
              aria-valuemin={0}
              aria-valuemax={ultima}
              aria-valuenow={elegida}
              aria-valuetext={barras[elegida]?.texto}
              data-testid="grafico"
              onKeyDown={teclear}
              onPointerDown={tocar}
              onPointerMove={mover}
              onPointerLeave={() => setEncima(null)}
              className="absolute inset-0 flex cursor-pointer touch-pan-y items-end rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-marca-700"
            >
              {barras.map((barra, indice) => (
                <span
                  key={barra.dia}
                  data-dia={barra.dia}
                  data-cantidad={barra.cantidad}
                  className={`flex h-full min-w-0 flex-1 items-end justify-center ${indice === mostrada ? "bg-slate-100" : ""}`}
                >
                  <span
                    className={`block w-[70%] rounded-t-sm ${indice === mostrada ? "bg-marca-900" : "bg-marca-600"}`}
                    style={{ height: barra.cantidad > 0 ? `max(2px, ${altura(barra.cantidad, tope)})` : 0 }}
                  />
                </span>
              ))}
            </div>
          </div>
          <div className="relative mt-1 h-4 text-xs text-slate-600" aria-hidden="true">
            {barras.map((barra, indice) =>
              barra.eje === null ? null : (
                <span
                  key={barra.dia}
                  className={`absolute whitespace-nowrap ${indice === ultima ? "right-0" : "-translate-x-1/2"}`}
                  style={indice === ultima ? undefined : { left: `${((indice + 0.5) / barras.length) * 100}%` }}
                >
                  {barra.eje}
                </span>
              ),
            )}
          </div>
        </div>
      </div>
    </div>
  );
}
