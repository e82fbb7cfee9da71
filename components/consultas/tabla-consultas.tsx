"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { type MouseEvent, type ReactNode, useRef } from "react";
import type { FilaConsulta } from "@/lib/panel/consultas/presentacion";
import { AccionesContacto } from "./contacto";
import { MarcarAtendida } from "./marcar-atendida";
import { llegadas, type Mostradas, mostradas } from "./novedades";

type Props = {
  /** `agencia`: the search across agencies says each enquiry's agency. */
  filas: (FilaConsulta & { href: string; adminMail: string; agencia?: string; leida: boolean })[];
  caption: string;
  /** The sid whose detail is open: its row is marked as current. */
  abierta?: string;
  /** Whether the operator column helps: not for an `agencia` user, who sees only her own. */
  conOperador: boolean;
  /** Shown instead of the table while there are no rows. */
  vacia?: ReactNode;
  /** Whether the user marks enquiries attended (not soporte: decisions 0097). */
  puedeMarcar: boolean;
};

/**
 * The enquiries of one page. Each row opens the detail (URL param `sid`): with the keyboard through
 * the link on the person's name, with the mouse or a finger anywhere on the row. Under the name, one
 * line of the buyer's question (cut with an ellipsis; the whole of it in the DOM for screen readers
 * and in a tooltip). On a phone each row is a card (buyer, question and when, vehicle and price,
 * listing); the table's semantics stay. On a desktop the table fits its box: long e-mails are cut
 * with their whole value in a tooltip, long codes wrap. Rows that
 * arrived while it was open (the poll refreshed page 1: AvisoNovedades, which also announces them)
 * say "Nueva" and their background fades from amber (a still tint with prefers-reduced-motion); the
 * page keys the table by its view, so another page or filter starts afresh.
 */
export function TablaConsultas({ filas, caption, abierta, conOperador, vacia, puedeMarcar }: Props) {
  const router = useRouter();
  const t = useTranslations();
  const alAbrir = useRef<Mostradas | null>(null);
  alAbrir.current ??= mostradas(filas);
  const nuevas = llegadas(alAbrir.current, filas);

  function abrir(event: MouseEvent<HTMLTableRowElement>, href: string) {
    if ((event.target as HTMLElement).closest("a, button")) return;
    if (window.getSelection()?.toString()) return;
    router.push(href, { scroll: false });
  }

  if (filas.length === 0 && vacia) return vacia;
  const th = "px-3 py-2";
  const conAgencia = filas.some((fila) => fila.agencia);
  return (
    <div className="rounded-2xl border border-slate-200 bg-white shadow-sm md:overflow-x-auto">
      <table className="block min-w-full text-left text-sm md:table md:divide-y md:divide-slate-200">
        <caption className="sr-only">{caption}</caption>
        <thead className="sr-only bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-600 md:not-sr-only md:table-header-group">
          <tr>
            <th scope="col" className={th}>
              {t("consultas.columnas.momento")}
            </th>
            <th scope="col" className={th}>
              {t("consultas.columnas.interesado")}
            </th>
            <th scope="col" className={th}>
              {t("consultas.columnas.contacto")}
            </th>
            <th scope="col" className={th}>
              {t("consultas.columnas.auto")}
            </th>
            <th scope="col" className={`${th} text-right`}>
              {t("consultas.columnas.precio")}
            </th>
            {conAgencia && (
              <th scope="col" className={th}>
                {t("consultas.columnas.agencia")}
              </th>
            )}
            {conOperador && (
              <th scope="col" className={th}>
                {t("consultas.columnas.operador")}
              </th>
            )}
            <th scope="col" className={th}>
              {t("consultas.columnas.tipo")}
            </th>
            <th scope="col" className={th}>
              {t("consultas.columnas.acciones")}
            </th>
          </tr>
        </thead>
        <tbody className="block divide-y divide-slate-100 md:table-row-group">
          {filas.map((fila) => (
            <tr
              key={fila.sid}
              data-sid={fila.sid}
              data-leida={fila.leida}
              data-nueva={nuevas.has(fila.sid) || undefined}
              aria-current={abierta === fila.sid ? "true" : undefined}
              onClick={(event) => abrir(event, fila.href)}
              className={`grid cursor-pointer grid-cols-[minmax(0,1fr)_auto] gap-x-3 px-4 py-3 align-top hover:bg-marca-50/60 aria-[current=true]:bg-marca-50 md:table-row md:p-0 ${fila.leida ? "" : "bg-marca-50/30 font-semibold"} ${nuevas.has(fila.sid) ? "fila-nueva" : ""}`}
            >
              <td className="order-2 text-right text-xs whitespace-nowrap text-slate-600 md:order-none md:px-3 md:py-2 md:text-left md:text-sm md:text-slate-700">
                <time dateTime={fila.momentoIso}>{fila.momento}</time>
                {fila.espera && <span className="block font-normal text-emerald-800">{fila.espera}</span>}
              </td>
              <td className="order-1 min-w-0 md:order-none md:px-3 md:py-2">
                <Link
                  id={`consulta-${fila.sid}`}
                  href={fila.href}
                  scroll={false}
                  prefetch={false}
                  className={`flex min-h-11 items-center text-marca-700 hover:text-marca-900 hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-marca-700 md:inline md:min-h-0 ${fila.leida ? "font-medium" : "font-bold"}`}
                >
                  {fila.interesado}
                  {!fila.leida && <span className="sr-only"> ({t("consultas.atencion.sinLeer")})</span>}
                </Link>
                <p
                  className={`truncate text-sm font-normal md:max-w-48 xl:max-w-56 ${fila.pregunta ? "text-slate-700" : "text-slate-500 italic"}`}
                  title={fila.pregunta ?? undefined}
                  data-testid="pregunta"
                >
                  {fila.pregunta ?? t("consultas.sinPregunta")}
                </p>
                {nuevas.has(fila.sid) && (
                  <span className="mt-1 inline-block rounded-full border border-amber-300 bg-amber-100 px-2 py-0.5 align-middle text-xs font-semibold text-amber-900 md:mt-0 md:ml-2">
                    {t("consultas.novedades.nueva")}
                  </span>
                )}
              </td>
              <td className="hidden px-3 py-2 text-slate-700 md:table-cell">
                <a href={fila.contacto.mailto} className="block max-w-44 truncate text-marca-700 hover:underline" title={fila.email}>
                  {fila.email}
                </a>
                {fila.contacto.tel && (
                  <a href={fila.contacto.tel} className="block whitespace-nowrap text-slate-600 hover:underline">
                    {fila.telefono}
                  </a>
                )}
              </td>
              <td className="order-3 min-w-0 text-slate-800 md:order-none md:px-3 md:py-2 md:text-slate-700">{fila.auto}</td>
              <td className="order-4 text-right whitespace-nowrap tabular-nums text-slate-900 md:order-none md:px-3 md:py-2">
                {fila.precio}
              </td>
              {conAgencia && (
                <td
                  className="order-5 col-span-2 text-xs font-medium [overflow-wrap:anywhere] text-slate-800 md:order-none md:px-3 md:py-2 md:text-sm"
                  data-testid="agencia"
                >
                  {fila.agencia}
                </td>
              )}
              {conOperador && (
                <td className="hidden px-3 py-2 text-slate-700 md:table-cell">
                  {/* A cell's own max-width does not hold in a table: the box inside it cuts the e-mail. */}
                  <span className="block max-w-40 truncate" title={fila.operador}>
                    {fila.operador}
                  </span>
                </td>
              )}
              <td className="order-5 col-span-2 text-xs text-slate-600 md:order-none md:px-3 md:py-2 md:text-sm md:text-slate-700">
                <span className="whitespace-nowrap md:block">{fila.tipo}</span>
                {fila.externalId && (
                  <span className="[overflow-wrap:anywhere] before:content-['_·_'] md:block md:text-xs md:text-slate-500 md:before:content-none">
                    {fila.externalId}
                  </span>
                )}
              </td>
              <td className="order-6 col-span-2 pt-2 md:order-none md:px-3 md:py-2">
                {/* In one line from 1280 px (the other columns' least widths leave it room); below, wrapped rather than cut. */}
                <div className="flex flex-wrap items-center gap-1 font-normal xl:flex-nowrap">
                  {puedeMarcar && (
                    <MarcarAtendida
                      adminMail={fila.adminMail}
                      sid={fila.sid}
                      atendida={fila.atendida}
                      compacto
                      de={`consulta-${fila.sid}`}
                    />
                  )}
                  <AccionesContacto contacto={fila.contacto} sid={fila.sid} de={`consulta-${fila.sid}`} />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
