import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { enlaceClass } from "@/components/ui/button-class";
import { Encabezados } from "@/components/ui/encabezados";
import { fechaHora } from "@/lib/panel/formatos";
import type { Agencia } from "@/lib/panel/v3-tipos";
import { CLASE_AGENCIA, Insignia } from "./insignias";

export const rutaAgencia = (adminMail: string) => `/panel/agencias/${encodeURIComponent(adminMail)}`;

/** The agencies of the list, one row each, with a link to the detail. */
export async function TablaAgencias({ agencias, descripcion }: { agencias: Agencia[]; descripcion: string }) {
  const t = await getTranslations();
  const f = await getFormatter();
  return (
    <div className="rounded-2xl border border-slate-200 bg-white shadow-sm md:overflow-x-auto">
      <table className="tabla-apilada min-w-full divide-y divide-slate-200 text-left text-sm">
        <caption className="px-4 py-3 text-left text-sm text-slate-600">{descripcion}</caption>
        <thead className="bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-600">
          <Encabezados
            className="px-4 py-3"
            columnas={(["agencia", "estado", "ubicacion", "operadores", "invitada", "registrada"] as const).map((clave) => ({
              texto: t(`agencias.columnas.${clave}`),
            }))}
          />
        </thead>
        <tbody className="divide-y divide-slate-100">
          {agencias.map((agencia) => {
            return (
              <tr key={agencia.AdminMail} className="align-top hover:bg-slate-50" data-testid="fila-agencia">
                <th scope="row" className="px-4 py-3 font-normal">
                  <Link href={rutaAgencia(agencia.AdminMail)} className={enlaceClass()}>
                    {agencia.Nombre ?? agencia.AdminMail}
                  </Link>
                  {agencia.Nombre && <span className="block text-slate-600">{agencia.AdminMail}</span>}
                </th>
                <td className="px-4 py-3" data-etiqueta={t("agencias.columnas.estado")}>
                  <Insignia etiqueta={t(`agencias.estados.${agencia.Estado}.etiqueta`)} clase={CLASE_AGENCIA[agencia.Estado]} />
                </td>
                <td className="px-4 py-3 text-slate-700" data-etiqueta={t("agencias.columnas.ubicacion")}>
                  {agencia.Ciudad || agencia.Region ? [agencia.Ciudad, agencia.Region].filter(Boolean).join(", ") : "—"}
                </td>
                <td className="px-4 py-3 tabular-nums text-slate-700" data-etiqueta={t("agencias.columnas.operadores")}>
                  {agencia.Operadores.length}
                </td>
                <td className="whitespace-nowrap px-4 py-3 text-slate-700" data-etiqueta={t("agencias.columnas.invitada")}>
                  {fechaHora(f, agencia.Invitada)}
                </td>
                <td className="whitespace-nowrap px-4 py-3 text-slate-700" data-etiqueta={t("agencias.columnas.registrada")}>
                  {fechaHora(f, agencia.Registrada)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
