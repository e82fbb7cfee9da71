"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";

/**
 * Español / English: a plain form POST to /idioma (works without JavaScript), which sets the
 * cookie and brings the browser back to this same page, now rendered in the chosen language.
 */
export function SelectorIdioma({ className = "" }: { className?: string }) {
  const idioma = useLocale();
  const t = useTranslations();
  const pathname = usePathname();
  const query = useSearchParams().toString();
  const opciones = [
    { valor: "es-AR", etiqueta: "Español", lang: "es" },
    { valor: "en", etiqueta: "English", lang: "en" },
  ] as const;
  return (
    <form method="post" action="/idioma" className={className}>
      <input type="hidden" name="volver" value={query ? `${pathname}?${query}` : pathname} />
      <fieldset className="flex items-center gap-1">
        <legend className="sr-only">{t("idioma.etiqueta")}</legend>
        {opciones.map((opcion) => {
          const actual = opcion.valor === idioma;
          return (
            <button
              key={opcion.valor}
              type="submit"
              name="idioma"
              value={opcion.valor}
              lang={opcion.lang}
              aria-current={actual ? "true" : undefined}
              className={`min-h-11 rounded-md px-3 py-1 text-sm md:min-h-0 md:px-2 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-marca-700 ${
                actual ? "bg-marca-50 font-semibold text-marca-900" : "text-slate-700 underline-offset-2 hover:bg-slate-100 hover:underline"
              }`}
            >
              {opcion.etiqueta}
            </button>
          );
        })}
      </fieldset>
    </form>
  );
}
