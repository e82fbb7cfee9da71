import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { ATENCIONES, type Atencion } from "@/lib/panel/consultas/filtros";
import type { CuentasPestanas } from "@/lib/panel/consultas/vista";
import { numero } from "@/lib/panel/formatos";

/**
 * Sin atender / Atendidas / Todas: links that keep every other filter (the URL's `atendida`), the
 * current one marked with aria-current, each with how many enquiries it holds for the same filters
 * and period ("Sin atender 10"). Plain links: they work before the page's JavaScript runs.
 */
export async function PestanasAtencion({
  actual,
  cuentas,
  href,
}: {
  actual: Atencion;
  cuentas: CuentasPestanas | null;
  href: (atendida: Atencion) => string;
}) {
  const t = await getTranslations();
  const f = await getFormatter();
  return (
    <nav aria-label={t("consultas.atencion.pestanas")} className="flex gap-1 overflow-x-auto border-b border-slate-200">
      {ATENCIONES.map((atencion) => (
        <Link
          key={atencion}
          href={href(atencion)}
          scroll={false}
          aria-current={atencion === actual ? "page" : undefined}
          className="-mb-px inline-flex min-h-11 items-center border-b-2 border-transparent px-2.5 text-sm sm:px-4 font-semibold whitespace-nowrap text-slate-600 hover:text-slate-900 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-marca-700 aria-[current=page]:border-marca-700 aria-[current=page]:text-marca-800"
        >
          {t(`consultas.atencion.${atencion}`)}
          {cuentas && (
            <span
              className="ml-1.5 rounded-full bg-slate-100 px-1.5 py-0.5 text-xs font-semibold text-slate-700 tabular-nums"
              data-testid={`cuenta-${atencion}`}
            >
              {numero(f, cuentas[atencion])}
            </span>
          )}
        </Link>
      ))}
    </nav>
  );
}
