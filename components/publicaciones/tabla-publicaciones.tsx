import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Encabezados } from "@/components/ui/encabezados";
import type { FilaPublicacion } from "@/lib/panel/publicaciones/presentacion";
import { AccionesPublicacion } from "./acciones";
import { Foto } from "./foto";

type Props = {
  filas: FilaPublicacion[];
  caption: string;
  adminMail: string;
  /** Whether the person may act on them (admin, agencia); soporte reads. */
  puedeActuar: boolean;
};

const CLASE_ESTADO: Record<FilaPublicacion["estado"], string> = {
  Activa: "bg-emerald-50 text-emerald-800 ring-emerald-600/20",
  Suspendida: "bg-amber-50 text-amber-900 ring-amber-600/20",
  Archivada: "bg-slate-100 text-slate-700 ring-slate-500/20",
};

/**
 * One page of listings: a table on a desktop, a card per listing on a phone (the table's semantics
 * stay, as in the inbox). The car's name opens its page; the enquiry counts open the inbox filtered
 * by the listing.
 */
export async function TablaPublicaciones({ filas, caption, adminMail, puedeActuar }: Props) {
  const t = await getTranslations("publicaciones");
  const th = "px-4 py-2";
  const celda = "md:px-4 md:py-3";
  return (
    <div className="rounded-2xl border border-slate-200 bg-white shadow-sm md:overflow-x-auto">
      <table className="block min-w-full text-left text-sm md:table md:divide-y md:divide-slate-200">
        <caption className="sr-only">{caption}</caption>
        <thead className="sr-only bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-600 md:not-sr-only md:table-header-group">
          <Encabezados
            className={th}
            columnas={[
              { texto: t("columnas.foto") },
              { texto: t("columnas.auto") },
              { texto: t("columnas.precio"), className: "text-right" },
              { texto: t("columnas.estado") },
              { texto: t("columnas.consultas") },
              { texto: t("columnas.modificada") },
              ...(puedeActuar ? [{ texto: t("columnas.acciones") }] : []),
            ]}
          />
        </thead>
        <tbody className="block divide-y divide-slate-100 md:table-row-group">
          {filas.map((fila) => (
            <tr
              key={fila.externalId}
              data-external-id={fila.externalId}
              className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-2 px-4 py-4 align-top md:table-row md:p-0"
            >
              <td className={`row-span-2 ${celda}`}>
                <Foto url={fila.foto} alt={t("fotoDe", { auto: fila.auto })} sinFoto={t("sinFoto")} />
              </td>
              <td className={`min-w-0 ${celda}`}>
                <Link
                  href={fila.href}
                  prefetch={false}
                  className="flex min-h-11 items-center font-semibold text-marca-700 hover:text-marca-900 hover:underline md:inline md:min-h-0"
                >
                  {fila.auto}
                </Link>
                <p className="text-xs text-slate-600">
                  {fila.km}
                  {fila.refStock && ` · ${t("refStock", { ref: fila.refStock })}`}
                  {` · ${t("codigo", { codigo: fila.externalId })}`}
                </p>
              </td>
              <td className={`col-start-2 font-semibold whitespace-nowrap tabular-nums text-slate-900 md:text-right ${celda}`}>
                {fila.precio}
              </td>
              <td className={`col-span-2 ${celda}`}>
                <span
                  className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${CLASE_ESTADO[fila.estado]}`}
                  data-testid="estado"
                >
                  {fila.estadoTexto}
                </span>
                <span className="block text-xs text-slate-600" data-testid="exposicion">
                  {fila.exposicion}
                </span>
              </td>
              <td className={`col-span-2 ${celda}`}>
                <div className="flex flex-wrap gap-x-3 md:block">
                  <Link
                    href={fila.consultas.href}
                    prefetch={false}
                    aria-label={`${fila.consultas.texto}: ${t("verConsultas", { auto: fila.auto })}`}
                    className="inline-flex min-h-11 items-center text-marca-700 hover:underline md:flex md:min-h-0"
                    data-testid="consultas"
                  >
                    {fila.consultas.texto}
                  </Link>
                  {fila.consultas.sinAtender > 0 && (
                    <Link
                      href={fila.consultas.hrefSinAtender}
                      prefetch={false}
                      aria-label={`${fila.consultas.textoSinAtender}: ${t("verSinAtender", { auto: fila.auto })}`}
                      className="inline-flex min-h-11 items-center font-semibold text-amber-900 hover:underline md:flex md:min-h-0"
                      data-testid="sin-atender"
                    >
                      {fila.consultas.textoSinAtender}
                    </Link>
                  )}
                </div>
              </td>
              <td className={`col-span-2 text-xs text-slate-600 md:text-sm md:whitespace-nowrap ${celda}`}>
                <span className="md:hidden">{t("columnas.modificada")}: </span>
                <time dateTime={fila.modificadaIso}>{fila.modificada}</time>
              </td>
              {puedeActuar && (
                <td className={`col-span-2 ${celda}`}>
                  <AccionesPublicacion
                    externalId={fila.externalId}
                    adminMail={adminMail}
                    auto={fila.auto}
                    estado={fila.estado}
                    exposicion={fila.exposicionNivel}
                  />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
