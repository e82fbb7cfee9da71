import type { Agencia } from "@/lib/api/agencias";
import { getIdioma, textosDe } from "@/lib/panel/i18n/servidor";
import { formatearFechaHora } from "./formato";

/** The agency's data as a description list (test ids stay the Spanish names, whatever the language). */
export async function DatosAgencia({ agencia }: { agencia: Agencia }) {
  const idioma = await getIdioma();
  const t = textosDe(idioma).agencias.detalle;
  const c = t.datosCampos;
  const filas: [string, string, string | null][] = [
    ["e-mail-del-administrador", c.adminMail, agencia.AdminMail],
    ["nombre", c.nombre, agencia.Nombre],
    ["teléfono", c.telefono, agencia.Telefono],
    ["whatsapp", c.whatsapp, agencia.WhatsApp],
    ["provincia", c.provincia, agencia.Region],
    ["ciudad", c.ciudad, agencia.Ciudad],
    ["dirección", c.direccion, agencia.Direccion],
    ["invitada", c.invitada, formatearFechaHora(agencia.Invitada, idioma)],
    ["registrada", c.registrada, agencia.Registrada ? formatearFechaHora(agencia.Registrada, idioma) : t.sinRegistro],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-3">
      {filas.map(([clave, nombre, valor]) => (
        <div key={clave}>
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{nombre}</dt>
          <dd className="mt-1 break-words text-slate-900" data-testid={`dato-${clave}`}>
            {valor || <span className="text-slate-500">{t.sinDato}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The agency's operators (its admin first). */
export async function Operadores({ agencia }: { agencia: Agencia }) {
  const t = textosDe(await getIdioma()).agencias.detalle;
  if (agencia.Operadores.length === 0) {
    return <p className="text-sm text-slate-600">{t.operadoresVacio}</p>;
  }
  const operadores = [...agencia.Operadores].sort((a, b) => Number(b.EsAdministrador) - Number(a.EsAdministrador));
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
        <caption className="sr-only">{t.operadoresCaption(agencia.Nombre ?? agencia.AdminMail)}</caption>
        <thead className="text-xs font-semibold uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className="py-2 pr-4">
              {t.columnasOperadores.nombre}
            </th>
            <th scope="col" className="py-2 pr-4">
              {t.columnasOperadores.email}
            </th>
            <th scope="col" className="py-2">
              {t.columnasOperadores.rol}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {operadores.map((operador) => (
            <tr key={operador.Email}>
              <th scope="row" className="py-2 pr-4 font-medium text-slate-900">{`${operador.Nombre} ${operador.Apellido}`}</th>
              <td className="py-2 pr-4 text-slate-700">{operador.Email}</td>
              <td className="py-2 text-slate-700">{operador.EsAdministrador ? t.administrador : t.operador}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
