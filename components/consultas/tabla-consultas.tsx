"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import type { MouseEvent } from "react";
import type { FilaConsulta } from "@/lib/panel/consultas/presentacion";

type Props = {
  filas: (FilaConsulta & { href: string })[];
  caption: string;
  /** The sid whose detail is open: its row is marked as current. */
  abierta?: string;
};

/**
 * The enquiries of one page. Each row opens the detail (URL param `sid`): with the keyboard through
 * the link on the person's name, with the mouse anywhere on the row.
 */
export function TablaConsultas({ filas, caption, abierta }: Props) {
  const router = useRouter();
  const t = useTranslations();

  function abrir(event: MouseEvent<HTMLTableRowElement>, href: string) {
    if ((event.target as HTMLElement).closest("a, button")) return;
    if (window.getSelection()?.toString()) return;
    router.push(href, { scroll: false });
  }

  return (
    <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm">
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className="px-4 py-3">
              {t("consultas.columnas.momento")}
            </th>
            <th scope="col" className="px-4 py-3">
              {t("consultas.columnas.interesado")}
            </th>
            <th scope="col" className="px-4 py-3">
              {t("consultas.columnas.contacto")}
            </th>
            <th scope="col" className="px-4 py-3">
              {t("consultas.columnas.auto")}
            </th>
            <th scope="col" className="px-4 py-3 text-right">
              {t("consultas.columnas.precio")}
            </th>
            <th scope="col" className="px-4 py-3">
              {t("consultas.columnas.operador")}
            </th>
            <th scope="col" className="px-4 py-3">
              {t("consultas.columnas.tipo")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {filas.map((fila) => (
            <tr
              key={fila.sid}
              data-sid={fila.sid}
              aria-current={abierta === fila.sid ? "true" : undefined}
              onClick={(event) => abrir(event, fila.href)}
              className="cursor-pointer align-top hover:bg-marca-50/60 aria-[current=true]:bg-marca-50"
            >
              <td className="whitespace-nowrap px-4 py-3 text-slate-700">
                <time dateTime={fila.momentoIso}>{fila.momento}</time>
              </td>
              <td className="px-4 py-3">
                <Link
                  id={`consulta-${fila.sid}`}
                  href={fila.href}
                  scroll={false}
                  prefetch={false}
                  className="font-semibold text-marca-700 hover:text-marca-900 hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-marca-700"
                >
                  {fila.interesado}
                </Link>
              </td>
              <td className="px-4 py-3 text-slate-700">
                <span className="block break-all">{fila.email}</span>
                {fila.telefono && <span className="block text-slate-500">{fila.telefono}</span>}
              </td>
              <td className="px-4 py-3 text-slate-700">{fila.auto}</td>
              <td className="whitespace-nowrap px-4 py-3 text-right tabular-nums text-slate-900">{fila.precio}</td>
              <td className="px-4 py-3 break-all text-slate-700">{fila.operador}</td>
              <td className="px-4 py-3 text-slate-700">
                <span className="block">{fila.tipo}</span>
                {fila.externalId && <span className="block text-xs text-slate-500">{fila.externalId}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
