"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { type Conocido, contarNuevas, INTERVALO_NOVEDADES_MS } from "./novedades";

/** The poll was answered with the sign-in page: the session ended (signed out elsewhere, a new password…). */
class SesionTerminada extends Error {}

type Props = {
  /** /panel/consultas/novedades?{filters}: Total of the current filter and the sids of its page 1. */
  url: string;
  /** Total of the filter when the page was rendered. */
  total: number;
  /**
   * The sid of the newest enquiry (page 1's first) when the page was rendered; undefined on other
   * pages, which did not read page 1: the first poll tells it.
   */
  primera?: string | null;
  pagina: number;
  /** Page 1 with the current filters. */
  hrefPrimera: string;
};

/**
 * Notices new enquiries without a reload: polls page 1 of the filter and compares its newest sid and
 * its Total with what it knew (contarNuevas); on page 1 the table is refreshed (router.refresh
 * re-renders the server component with the newest enquiries), on other pages a link leads to them.
 * The count is announced in a polite live region. A poll answered with the sign-in page (the session
 * ended) takes the person there, to come back to this view.
 */
export function AvisoNovedades({ url, total, primera, pagina, hrefPrimera }: Props) {
  const t = useTranslations();
  const router = useRouter();
  const conocido = useRef<Conocido | null>(primera === undefined ? null : { total, primera });
  const [nuevas, setNuevas] = useState(0);

  const { data, isError, error, dataUpdatedAt, errorUpdatedAt } = useQuery({
    queryKey: ["consultas-novedades", url],
    queryFn: async ({ signal }) => {
      const response = await fetch(url, { signal, cache: "no-store", headers: { Accept: "application/json" } });
      if (response.redirected && new URL(response.url).pathname === "/ingresar") throw new SesionTerminada();
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return (await response.json()) as { Total: number; Sids: string[] };
    },
    refetchInterval: INTERVALO_NOVEDADES_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    staleTime: 0,
    retry: false,
  });

  // Trying again forever would not help: the person signs in again and comes back to this same view.
  useEffect(() => {
    if (!(error instanceof SesionTerminada)) return;
    window.location.assign(`/ingresar?next=${encodeURIComponent(window.location.pathname + window.location.search)}`);
  }, [error]);

  useEffect(() => {
    if (!data) return;
    const ahora = { total: data.Total, sids: data.Sids };
    const llegadas = conocido.current ? contarNuevas(conocido.current, ahora) : 0;
    conocido.current = { total: data.Total, primera: data.Sids[0] ?? null };
    if (llegadas === 0) return;
    setNuevas((previas) => previas + llegadas);
    if (pagina === 1) router.refresh();
  }, [data, pagina, router]);

  return (
    // data-sondeo: when the last poll's answer was taken in (0: none yet), so that a test moving the
    // clock knows the poll before is done.
    <div aria-live="polite" aria-atomic="true" data-testid="novedades" data-sondeo={Math.max(dataUpdatedAt, errorUpdatedAt)}>
      {nuevas > 0 && (
        <p className="flex flex-wrap items-center gap-3 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
          <span className="font-semibold">{t("consultas.novedades.nuevas", { n: nuevas })}</span>
          {pagina === 1 ? (
            <span>{t("consultas.novedades.enTabla")}</span>
          ) : (
            <Link href={hrefPrimera} className="font-semibold text-emerald-900 underline hover:no-underline">
              {t("consultas.novedades.verRecientes")}
            </Link>
          )}
          <button
            type="button"
            onClick={() => setNuevas(0)}
            className="ml-auto min-h-11 rounded px-2 py-1 text-emerald-900 md:min-h-0 hover:bg-emerald-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-emerald-700"
          >
            {t("consultas.novedades.entendido")}
          </button>
        </p>
      )}
      {isError && nuevas === 0 && <p className="text-xs text-slate-500">{t("consultas.novedades.error")}</p>}
    </div>
  );
}
