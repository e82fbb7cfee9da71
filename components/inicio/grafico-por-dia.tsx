import { getFormatter, getTranslations } from "next-intl/server";
import { dia, numero } from "@/lib/panel/formatos";

/**
 * Enquiries per day as bars, drawn on the server (SVG, no JavaScript): each bar's count in its
 * tooltip, and the same numbers in a table for screen readers.
 */
export async function GraficoPorDia({ porDia, titulo }: { porDia: { Dia: string; Cantidad: number }[]; titulo: string }) {
  const t = await getTranslations();
  const f = await getFormatter();
  const maximo = Math.max(1, ...porDia.map((punto) => punto.Cantidad));
  const [ancho, alto, base] = [600, 160, 140];
  const paso = ancho / Math.max(1, porDia.length);
  return (
    <figure className="space-y-2">
      <figcaption className="text-sm font-semibold text-slate-900">{titulo}</figcaption>
      <svg viewBox={`0 0 ${ancho} ${alto}`} className="h-40 w-full" aria-hidden="true" preserveAspectRatio="none" data-testid="grafico">
        <line x1="0" x2={ancho} y1={base} y2={base} className="stroke-slate-300" strokeWidth="1" />
        {porDia.map((punto, indice) => {
          const altura = (punto.Cantidad / maximo) * (base - 10);
          return (
            <rect
              key={punto.Dia}
              x={indice * paso + paso * 0.15}
              y={base - altura}
              width={paso * 0.7}
              height={Math.max(altura, punto.Cantidad > 0 ? 2 : 0)}
              rx="2"
              className="fill-marca-600"
              data-dia={punto.Dia}
              data-cantidad={punto.Cantidad}
            >
              <title>{`${dia(f, punto.Dia)}: ${t("consultas.cantidad", { n: punto.Cantidad })}`}</title>
            </rect>
          );
        })}
      </svg>
      <div className="flex justify-between text-xs text-slate-600" aria-hidden="true">
        <span>{dia(f, porDia[0]?.Dia)}</span>
        <span>{t("inicio.maximo", { n: numero(f, maximo) })}</span>
        <span>{dia(f, porDia.at(-1)?.Dia)}</span>
      </div>
      {/* A table is never narrower than its cells: the box that hides it is a div, which clips. */}
      <div className="sr-only">
        <table>
          <caption>{titulo}</caption>
          <thead>
            <tr>
              <th scope="col">{t("inicio.dia")}</th>
              <th scope="col">{t("consultas.titulo")}</th>
            </tr>
          </thead>
          <tbody>
            {porDia.map((punto) => (
              <tr key={punto.Dia}>
                <td>{dia(f, punto.Dia)}</td>
                <td>{numero(f, punto.Cantidad)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
