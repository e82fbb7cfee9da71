import { getFormatter, getTranslations } from "next-intl/server";
import { type Formateador, numero } from "@/lib/panel/formatos";
import { marcasDeCuentas } from "@/lib/panel/inicio/escala";
import { BarrasPorDia } from "./barras-por-dia";

/** The days named under the plot: the last, and every seventh before it (the weeks of the week card). */
const SEMANA = 7;
const conEtiqueta = (indice: number, ultima: number) => indice === ultima || ((ultima - indice) % SEMANA === 0 && indice >= 3);

const fecha = (dia: string) => new Date(`${dia}T00:00:00Z`);
const diaLargo = (f: Formateador, dia: string) => f.dateTime(fecha(dia), { day: "numeric", month: "long", timeZone: "UTC" });
const diaCorto = (f: Formateador, dia: string) => f.dateTime(fecha(dia), { day: "numeric", month: "short", timeZone: "UTC" });

/**
 * Enquiries per day as bars with a value axis and day labels (decision 0104): laid out on the
 * server, each bar's value shown by tap, drag, hover or keyboard in the browser (BarrasPorDia).
 */
export async function GraficoPorDia({ porDia, titulo }: { porDia: { Dia: string; Cantidad: number }[]; titulo: string }) {
  const t = await getTranslations();
  const f = await getFormatter();
  const ultima = porDia.length - 1;
  const barras = porDia.map((punto, indice) => ({
    dia: punto.Dia,
    cantidad: punto.Cantidad,
    texto: t("inicio.grafico.valor", { n: punto.Cantidad, dia: diaLargo(f, punto.Dia) }),
    eje: conEtiqueta(indice, ultima) ? diaCorto(f, punto.Dia) : null,
  }));
  const marcas = marcasDeCuentas(Math.max(0, ...porDia.map((punto) => punto.Cantidad))).map((valor) => ({
    valor,
    texto: numero(f, valor),
  }));
  return (
    <figure className="space-y-2">
      <figcaption className="text-sm font-semibold text-slate-900">{titulo}</figcaption>
      <p className="text-xs text-slate-600">{t("inicio.grafico.ayuda")}</p>
      <BarrasPorDia titulo={titulo} barras={barras} marcas={marcas} />
    </figure>
  );
}
