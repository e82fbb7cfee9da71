import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Alert } from "@/components/ui/alert";
import { buttonClass } from "@/components/ui/button-class";
import { descripcionTopico, esTopicoConocido, TOPICOS, tituloTopico } from "@/lib/panel/notificaciones/topicos";
import type { AppWebhook } from "@/lib/panel/v3-tipos";
import { EliminarConfiguracion } from "./eliminar";
import { Insignia } from "./estado";
import { EnviarPrueba } from "./prueba";

export type TopicoPanel = {
  topic: string;
  disponible: boolean;
  configuracion: AppWebhook | null;
  /** Set when the configuration could not be read (the card says so instead of its details). */
  error?: string;
};

/** One topic of the app: whether it is configured, its Callback, whether it is active, and what a role may do. */
export async function TarjetaTopico({ topico, puedeEditar }: { topico: TopicoPanel; puedeEditar: boolean }) {
  const t = await getTranslations();
  const { topic, disponible, configuracion } = topico;
  const titulo = tituloTopico(topic, t);
  const info = esTopicoConocido(topic) ? TOPICOS[topic] : undefined;
  const tituloId = `topico-${topic}`;
  const headers = configuracion
    ? [configuracion.HeaderCustom01, configuracion.HeaderCustom02, configuracion.HeaderCustom03].filter((h) => h !== null)
    : [];
  const base = `/panel/notificaciones/${encodeURIComponent(topic)}`;

  return (
    <article
      aria-labelledby={tituloId}
      className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
      data-testid={`topico-${topic}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={tituloId} className="text-lg font-semibold tracking-tight text-slate-900">
            {titulo}
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            {descripcionTopico(topic, t) ?? t("notificaciones.topico", { topic })}
            {info && (
              <>
                {t("notificaciones.tarjeta.evento")}
                <code className="rounded bg-slate-100 px-1 py-0.5 text-xs text-slate-800">{info.evento}</code>.
              </>
            )}
          </p>
        </div>
        <p className="flex flex-wrap gap-2">
          {!disponible ? (
            <Insignia tono="gris">{t("notificaciones.tarjeta.noDisponible")}</Insignia>
          ) : configuracion ? (
            <>
              <Insignia tono="azul">{t("notificaciones.tarjeta.configurado")}</Insignia>
              {configuracion.Activo ? (
                <Insignia tono="verde">{t("notificaciones.tarjeta.activo")}</Insignia>
              ) : (
                <Insignia tono="ambar">{t("notificaciones.tarjeta.inactivo")}</Insignia>
              )}
            </>
          ) : (
            <Insignia tono="gris">{t("notificaciones.tarjeta.sinConfigurar")}</Insignia>
          )}
        </p>
      </div>

      <div className="mt-4 flex-1 text-sm">
        {topico.error ? (
          <p className="text-red-800">{topico.error}</p>
        ) : !disponible ? (
          <p className="text-slate-700">{t("notificaciones.tarjeta.noHabilitado")}</p>
        ) : configuracion ? (
          <>
            {!configuracion.Firmado && (
              <div className="mb-4">
                <Alert tono="aviso" titulo={t("notificaciones.tarjeta.sinFirma")}>
                  {t("notificaciones.tarjeta.sinFirmaDetalle")}{" "}
                  {puedeEditar ? t("notificaciones.tarjeta.sinFirmaAdmin") : t("notificaciones.tarjeta.sinFirmaOtros")}
                </Alert>
              </div>
            )}
            <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[auto_1fr]">
              <dt className="font-medium text-slate-600">{t("notificaciones.tarjeta.callback")}</dt>
              <dd className="break-all font-mono text-slate-900">{configuracion.Callback}</dd>
              <dt className="font-medium text-slate-600">{t("notificaciones.tarjeta.descripcion")}</dt>
              <dd className="text-slate-900">
                {configuracion.Description ?? <span className="text-slate-500">{t("notificaciones.tarjeta.sinDescripcion")}</span>}
              </dd>
              <dt className="font-medium text-slate-600">{t("notificaciones.tarjeta.encabezados")}</dt>
              <dd className="text-slate-900">
                {headers.length === 0 ? (
                  <span className="text-slate-500">{t("notificaciones.tarjeta.ninguno")}</span>
                ) : (
                  headers.map((header) => (
                    <code key={header.Name} className="mr-2 rounded bg-slate-100 px-1 py-0.5 text-xs text-slate-800">
                      {header.Name}
                    </code>
                  ))
                )}
              </dd>
            </dl>
          </>
        ) : (
          <p className="text-slate-700">
            {puedeEditar ? t("notificaciones.tarjeta.sinCallbackAdmin") : t("notificaciones.tarjeta.sinCallback")}
          </p>
        )}
      </div>

      {disponible && !topico.error && (
        <div className="mt-6 space-y-4 border-t border-slate-100 pt-4">
          <div className="flex flex-wrap items-center gap-3">
            {configuracion && (
              <Link href={`${base}/entregas`} className={buttonClass("secundario")}>
                {t("notificaciones.tarjeta.registro")}
                <span className="sr-only">{t("notificaciones.tarjeta.registroDe", { titulo })}</span>
              </Link>
            )}
            {puedeEditar && (
              <Link href={`${base}/configurar`} className={buttonClass(configuracion ? "secundario" : "primario")}>
                {configuracion ? t("notificaciones.tarjeta.editar") : t("notificaciones.tarjeta.configurar")}
                <span className="sr-only">{t("notificaciones.tarjeta.elWebhookDe", { titulo })}</span>
              </Link>
            )}
            {puedeEditar && configuracion && <EliminarConfiguracion topic={topic} />}
          </div>
          {puedeEditar && configuracion && <EnviarPrueba topic={topic} activo={configuracion.Activo} />}
        </div>
      )}
    </article>
  );
}
