import Link from "next/link";
import type { Agencia } from "@/lib/api/agencias";
import { getIdioma, textosDe } from "@/lib/panel/i18n/servidor";
import { CLASE_AGENCIA, formatearFechaHora, Insignia } from "./formato";

export const rutaAgencia = (adminMail: string) => `/panel/agencias/${encodeURIComponent(adminMail)}`;

/** The agencies of the list, one row each, with a link to the detail. */
export async function TablaAgencias({ agencias, descripcion }: { agencias: Agencia[]; descripcion: string }) {
  const idioma = await getIdioma();
  const t = textosDe(idioma).agencias;
  return (
    <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm">
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
        <caption className="px-4 py-3 text-left text-sm text-slate-600">{descripcion}</caption>
        <thead className="bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className="px-4 py-3">
              {t.columnas.agencia}
            </th>
            <th scope="col" className="px-4 py-3">
              {t.columnas.estado}
            </th>
            <th scope="col" className="px-4 py-3">
              {t.columnas.ubicacion}
            </th>
            <th scope="col" className="px-4 py-3">
              {t.columnas.operadores}
            </th>
            <th scope="col" className="px-4 py-3">
              {t.columnas.invitada}
            </th>
            <th scope="col" className="px-4 py-3">
              {t.columnas.registrada}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {agencias.map((agencia) => {
            const estado = t.estados[agencia.Estado];
            return (
              <tr key={agencia.AdminMail} className="align-top hover:bg-slate-50" data-testid="fila-agencia">
                <th scope="row" className="px-4 py-3 font-normal">
                  <Link href={rutaAgencia(agencia.AdminMail)} className="font-semibold text-marca-700 hover:text-marca-900 hover:underline">
                    {agencia.Nombre ?? agencia.AdminMail}
                  </Link>
                  {agencia.Nombre && <span className="block text-slate-600">{agencia.AdminMail}</span>}
                </th>
                <td className="px-4 py-3">
                  <Insignia etiqueta={estado.etiqueta} clase={CLASE_AGENCIA[agencia.Estado]} />
                </td>
                <td className="px-4 py-3 text-slate-700">
                  {agencia.Ciudad || agencia.Region ? [agencia.Ciudad, agencia.Region].filter(Boolean).join(", ") : "—"}
                </td>
                <td className="px-4 py-3 tabular-nums text-slate-700">{agencia.Operadores.length}</td>
                <td className="whitespace-nowrap px-4 py-3 text-slate-700">{formatearFechaHora(agencia.Invitada, idioma)}</td>
                <td className="whitespace-nowrap px-4 py-3 text-slate-700">{formatearFechaHora(agencia.Registrada, idioma)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
