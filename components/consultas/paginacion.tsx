import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { buttonClass } from "@/components/ui/button-class";
import { PasoPendiente } from "./paso-pendiente";

type Props = {
  pagina: number;
  paginas: number;
  /** The URL of page n with the current filters. */
  hrefs: { primera: string; anterior: string; siguiente: string; ultima: string };
};

function Paso({
  href,
  activo,
  texto,
  antes,
  despues,
  cargando,
}: {
  href: string;
  activo: boolean;
  texto: string;
  antes?: string;
  despues?: string;
  cargando: string;
}) {
  const contenido = (
    <>
      {antes && <span aria-hidden="true">{antes}</span>}
      {texto}
      {despues && <span aria-hidden="true">{despues}</span>}
    </>
  );
  if (!activo) {
    return (
      <span aria-disabled="true" className={buttonClass("secundario", "cursor-not-allowed text-slate-500 opacity-70 shadow-none")}>
        {contenido}
      </span>
    );
  }
  return (
    <Link href={href} className={buttonClass("secundario")}>
      {contenido}
      <PasoPendiente texto={cargando} />
    </Link>
  );
}

/** First / previous / next / last, and "página X de Y". */
export async function Paginacion({ pagina, paginas, hrefs }: Props) {
  const t = await getTranslations();
  const cargando = t("consultas.paginacion.cargando");
  return (
    <nav aria-label={t("consultas.paginacion.etiqueta")} className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-700" aria-live="polite" data-testid="pagina-actual">
        {t("consultas.paginacion.pagina", { pagina, paginas })}
      </p>
      <div className="flex flex-wrap gap-2">
        <Paso href={hrefs.primera} activo={pagina > 1} texto={t("consultas.paginacion.primera")} cargando={cargando} antes="«" />
        <Paso href={hrefs.anterior} activo={pagina > 1} texto={t("consultas.paginacion.anterior")} cargando={cargando} antes="‹" />
        <Paso
          href={hrefs.siguiente}
          activo={pagina < paginas}
          texto={t("consultas.paginacion.siguiente")}
          cargando={cargando}
          despues="›"
        />
        <Paso href={hrefs.ultima} activo={pagina < paginas} texto={t("consultas.paginacion.ultima")} cargando={cargando} despues="»" />
      </div>
    </nav>
  );
}
