import Link from "next/link";
import { Card } from "@/components/ui/card";
import { Encabezados } from "@/components/ui/encabezados";
import { urlConsultas } from "@/lib/panel/consultas/filtros";
import { duracion, type Formateador, numero, SIN_DATO } from "@/lib/panel/formatos";
import type { Traductor } from "@/lib/panel/i18n/idiomas";
import { DIAS_INICIO, type NumerosAgencia, sumarAgencias } from "@/lib/panel/inicio/numeros";
import { Cifras, cifrasDe } from "./cifras";
import { ListaEsperando } from "./esperando";
import { GraficoPorDia } from "./grafico-por-dia";

/** The admin's home: the agencies' numbers added up, their enquiries per day and waiting longest, and a row per agency. */
export function NumerosDeAgencias({
  agencias,
  f,
  t,
}: {
  agencias: (NumerosAgencia & { nombre: string | null })[];
  f: Formateador;
  t: Traductor;
}) {
  const total = sumarAgencias(agencias);
  return (
    <>
      <Cifras cifras={cifrasDe(total, t, f)} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <GraficoPorDia porDia={total.porDia} titulo={t("inicio.porDiaTodas", { dias: DIAS_INICIO })} />
        </Card>
        <ListaEsperando esperando={total.esperando} conAgencia ahora={new Date()} />
      </div>
      <Card titulo={t("inicio.porAgencia")}>
        <div className="md:overflow-x-auto">
          <table className="block w-full text-left text-sm md:table" data-testid="por-agencia">
            <caption className="sr-only">{t("inicio.porAgencia")}</caption>
            <thead className="sr-only text-xs font-semibold uppercase tracking-wide text-slate-600 md:not-sr-only md:table-header-group">
              <Encabezados
                className="py-2 pr-4 last:pr-0"
                columnas={[
                  { texto: t("consultas.columnas.agencia") },
                  ...(["hoy", "siete", "treinta", "sinAtender", "mediana"] as const).map((clave) => ({
                    texto: t(`inicio.cifras.${clave}`),
                    className: "text-right",
                  })),
                ]}
              />
            </thead>
            <tbody className="block divide-y divide-slate-100 md:table-row-group">
              {agencias.map((agencia) => (
                <tr key={agencia.adminMail} data-agencia={agencia.adminMail} className="grid grid-cols-2 gap-x-3 py-2 md:table-row">
                  <th scope="row" className="col-span-2 py-1 pr-4 font-semibold text-slate-900 md:py-2">
                    <Link
                      href={urlConsultas({ agencia: agencia.adminMail })}
                      className="inline-flex min-h-11 items-center text-marca-700 hover:underline md:min-h-0"
                    >
                      {agencia.nombre ?? agencia.adminMail}
                    </Link>
                  </th>
                  {(
                    [
                      ["hoy", numero(f, agencia.hoy)],
                      ["siete", numero(f, agencia.siete)],
                      ["treinta", numero(f, agencia.treinta)],
                      ["sinAtender", numero(f, agencia.sinAtender)],
                      ["mediana", agencia.mediana === null ? SIN_DATO : duracion(f, agencia.mediana)],
                    ] as const
                  ).map(([clave, valor]) => (
                    <td
                      key={clave}
                      className="flex justify-between gap-2 py-1 tabular-nums md:table-cell md:py-2 md:pr-4 md:text-right"
                      data-columna={clave}
                    >
                      <span className="text-slate-600 md:hidden">{t(`inicio.cifras.${clave}`)}</span>
                      {valor}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>
    </>
  );
}
