import { getFormatter, getTranslations } from "next-intl/server";
import { Encabezados } from "@/components/ui/encabezados";
import { fechaHora } from "@/lib/panel/formatos";
import type { Agencia } from "@/lib/panel/v3-tipos";

/** The agency's data as a description list (test ids stay the Spanish names, whatever the language). */
export async function DatosAgencia({ agencia }: { agencia: Agencia }) {
  const t = await getTranslations();
  const f = await getFormatter();
  const filas: [string, string, string | null][] = [
    ["e-mail-del-administrador", t("agencias.detalle.datosCampos.adminMail"), agencia.AdminMail],
    ["nombre", t("agencias.detalle.datosCampos.nombre"), agencia.Nombre],
    ["teléfono", t("agencias.detalle.datosCampos.telefono"), agencia.Telefono],
    ["whatsapp", t("agencias.detalle.datosCampos.whatsapp"), agencia.WhatsApp],
    ["provincia", t("agencias.detalle.datosCampos.provincia"), agencia.Region],
    ["ciudad", t("agencias.detalle.datosCampos.ciudad"), agencia.Ciudad],
    ["dirección", t("agencias.detalle.datosCampos.direccion"), agencia.Direccion],
    ["invitada", t("agencias.detalle.datosCampos.invitada"), fechaHora(f, agencia.Invitada)],
    [
      "registrada",
      t("agencias.detalle.datosCampos.registrada"),
      agencia.Registrada ? fechaHora(f, agencia.Registrada) : t("agencias.detalle.sinRegistro"),
    ],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-3">
      {filas.map(([clave, nombre, valor]) => (
        <div key={clave}>
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{nombre}</dt>
          <dd className="mt-1 break-words text-slate-900" data-testid={`dato-${clave}`}>
            {valor || <span className="text-slate-500">{t("agencias.detalle.sinDato")}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The agency's operators (its admin first). */
export async function Operadores({ agencia }: { agencia: Agencia }) {
  const t = await getTranslations();
  if (agencia.Operadores.length === 0) {
    return <p className="text-sm text-slate-600">{t("agencias.detalle.operadoresVacio")}</p>;
  }
  const operadores = [...agencia.Operadores].sort((a, b) => Number(b.EsAdministrador) - Number(a.EsAdministrador));
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
        <caption className="sr-only">{t("agencias.detalle.operadoresCaption", { agencia: agencia.Nombre ?? agencia.AdminMail })}</caption>
        <thead className="text-xs font-semibold uppercase tracking-wide text-slate-600">
          <Encabezados
            className="py-2 pr-4 last:pr-0"
            columnas={(["nombre", "email", "rol"] as const).map((clave) => ({ texto: t(`agencias.detalle.columnasOperadores.${clave}`) }))}
          />
        </thead>
        <tbody className="divide-y divide-slate-100">
          {operadores.map((operador) => (
            <tr key={operador.Email}>
              <th scope="row" className="py-2 pr-4 font-medium text-slate-900">{`${operador.Nombre} ${operador.Apellido}`}</th>
              <td className="py-2 pr-4 text-slate-700">{operador.Email}</td>
              <td className="py-2 text-slate-700">
                {operador.EsAdministrador ? t("agencias.detalle.administrador") : t("agencias.detalle.operador")}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
