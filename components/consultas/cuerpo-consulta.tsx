import { getTranslations } from "next-intl/server";
import type { Campo, Resumen, Seccion } from "@/lib/panel/consultas/presentacion";

/**
 * The enquiry's detail as read (components/consultas/detalle-consulta.tsx holds the dialog and its
 * actions): server components, no JavaScript for the browser. Another block of the detail (the
 * enquiry's history) goes beside SeccionesDeConsulta.
 */

/** The vehicle and its price, the buyer's question in their words, when it came and who attended it. */
export async function ResumenDeConsulta({ resumen }: { resumen: Resumen }) {
  const t = await getTranslations();
  return (
    <section aria-label={t("consultas.detalle.resumen")} className="space-y-3" data-testid="resumen">
      <div>
        <p className="font-semibold break-words text-slate-900">{resumen.vehiculo}</p>
        <p className="text-xl font-bold tabular-nums text-slate-900">{resumen.precio}</p>
      </div>
      <dl className="space-y-2 text-sm">
        <div data-campo="Comentario">
          <dt className="sr-only">{t("consultas.detalle.pregunta")}</dt>
          <dd
            className={`rounded-xl border-l-4 px-4 py-3 whitespace-pre-wrap break-words ${resumen.pregunta ? "border-marca-600 bg-marca-50 text-base text-slate-900" : "border-slate-300 bg-slate-50 text-slate-600"}`}
          >
            {resumen.pregunta ?? t("consultas.detalle.sinPregunta")}
          </dd>
        </div>
        {resumen.campos.map((campo) => (
          <div key={campo.nombre} className="flex flex-wrap gap-x-2" data-campo={campo.nombre}>
            <dt className="text-slate-600">{campo.etiqueta}:</dt>
            <dd className="break-words text-slate-900">{campo.valor}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** A group of fields, label and value, one per row (two columns from `sm`). */
function Campos({ campos, className }: { campos: Campo[]; className: string }) {
  return (
    <dl className={`divide-y divide-slate-100 ${className}`}>
      {campos.map((campo) => (
        <div key={campo.nombre} className="grid gap-1 px-4 py-2 text-sm sm:grid-cols-3 sm:gap-3" data-campo={campo.nombre}>
          <dt className="text-slate-600">{campo.etiqueta}</dt>
          <dd className="whitespace-pre-wrap sm:col-span-2 break-words text-slate-900">
            {campo.crudo ? (
              <span title={campo.crudo} data-crudo={campo.crudo}>
                {campo.valor}
              </span>
            ) : (
              campo.valor
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The buyer's, the vehicle's and the operation's data; the metadata folded in a <details> (native: keyboard and screen readers). */
export async function SeccionesDeConsulta({ secciones }: { secciones: Seccion[] }) {
  const t = await getTranslations();
  return secciones.map((seccion) =>
    seccion.plegada ? (
      <details key={seccion.titulo} className="group rounded-xl border border-slate-200" data-testid="metadatos">
        <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-xl px-4 text-sm font-semibold text-slate-700 hover:bg-slate-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-marca-700 [&::-webkit-details-marker]:hidden">
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            className="h-4 w-4 shrink-0 group-open:rotate-90 motion-safe:transition-transform"
            fill="currentColor"
          >
            <path d="M7.3 4.3 13 10l-5.7 5.7-1.4-1.4L10.2 10 5.9 5.7z" />
          </svg>
          {seccion.titulo}
          <span className="font-normal text-slate-500">{t("consultas.detalle.metadatosAyuda")}</span>
        </summary>
        <Campos campos={seccion.campos} className="border-t border-slate-200" />
      </details>
    ) : (
      <section key={seccion.titulo} aria-labelledby={`detalle-${seccion.titulo}`}>
        <h3 id={`detalle-${seccion.titulo}`} className="text-sm font-semibold uppercase tracking-wide text-slate-500">
          {seccion.titulo}
        </h3>
        <Campos campos={seccion.campos} className="mt-2 rounded-xl border border-slate-200" />
      </section>
    ),
  );
}
