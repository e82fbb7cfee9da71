import { duracion, type Formateador, numero, SIN_DATO } from "@/lib/panel/formatos";
import type { Traductor } from "@/lib/panel/i18n/idiomas";
import type { NumerosAgencia } from "@/lib/panel/inicio/numeros";

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

/** The headline numbers of one agency or of several added up; the median only where there is one. */
export function cifrasDe(numeros: Omit<NumerosAgencia, "adminMail" | "mediana">, t: Traductor, f: Formateador, mediana?: number | null) {
  return [
    { clave: "hoy", etiqueta: t("inicio.cifras.hoy"), valor: numero(f, numeros.hoy) },
    { clave: "siete", etiqueta: t("inicio.cifras.siete"), valor: numero(f, numeros.siete) },
    { clave: "treinta", etiqueta: t("inicio.cifras.treinta"), valor: numero(f, numeros.treinta) },
    {
      clave: "sinAtender",
      etiqueta: t("inicio.cifras.sinAtender"),
      valor: numero(f, numeros.sinAtender),
      detalle: t("inicio.cifras.atendidas", { n: numero(f, numeros.atendidas) }),
    },
    ...(mediana === undefined
      ? []
      : [{ clave: "mediana", etiqueta: t("inicio.cifras.mediana"), valor: mediana === null ? SIN_DATO : duracion(f, mediana) }]),
  ];
}
