import { getFormatter, getNow, getTranslations } from "next-intl/server";
import { type Formateador, fechaHora, relativo } from "@/lib/panel/formatos";
import type { Traductor } from "@/lib/panel/i18n/idiomas";
import { errorDeConexionEnPalabras, nombreDeEvento } from "@/lib/panel/notificaciones/topicos";
import type { Entrega } from "@/lib/panel/v3-tipos";
import { BloqueCodigo } from "./bloque-codigo";
import { ConsultaDeEntrega } from "./consulta-de-entrega";
import { Insignia, InsigniaEstado, InsigniaHttp } from "./estado";
import { Reintentar } from "./reintentar";

/** The notifications of one page of the delivery log, each with its attempts. */
export async function ListaEntregas({
  topic,
  entregas,
  puedeReintentar,
}: {
  topic: string;
  entregas: Entrega[];
  puedeReintentar: boolean;
}) {
  if (entregas.length === 0) return null;
  const t = await getTranslations();
  const f = await getFormatter();
  const ahora = await getNow();
  return (
    <ol className="space-y-6">
      {entregas.map((entrega) => (
        <li key={entrega.Id}>
          <Notificacion topic={topic} entrega={entrega} puedeReintentar={puedeReintentar} t={t} f={f} ahora={ahora} />
        </li>
      ))}
    </ol>
  );
}

function Notificacion({
  topic,
  entrega,
  puedeReintentar,
  t,
  f,
  ahora,
}: {
  topic: string;
  entrega: Entrega;
  puedeReintentar: boolean;
  t: Traductor;
  f: Formateador;
  /** When the page was rendered, for how long until the next automatic attempt. */
  ahora: Date;
}) {
  const tituloId = `entrega-${entrega.Id}`;
  return (
    <article
      aria-labelledby={tituloId}
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
      data-testid="entrega"
      data-id={entrega.Id}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={tituloId} className="text-base font-semibold text-slate-900">
            {nombreDeEvento(entrega.Evento, t)}
            <span className="ml-2 font-mono text-xs font-normal text-slate-500">{entrega.Id}</span>
          </h2>
          <ConsultaDeEntrega payload={entrega.Payload} t={t} />
          {entrega.Payload.Reenvio && (
            <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
              <Insignia tono="azul">{t("notificaciones.lista.reenvio")}</Insignia>
              {t("notificaciones.lista.reenvioAyuda")}
            </p>
          )}
          <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm">
            <div className="flex gap-1">
              <dt className="text-slate-600">{t("notificaciones.lista.creada")}</dt>
              <dd className="text-slate-900">{fechaHora(f, entrega.Creada)}</dd>
            </div>
            {entrega.Entregada && (
              <div className="flex gap-1">
                <dt className="text-slate-600">{t("notificaciones.lista.entregada")}</dt>
                <dd className="text-slate-900">{fechaHora(f, entrega.Entregada)}</dd>
              </div>
            )}
            {entrega.ProximoIntento && (
              <div className="flex gap-1">
                <dt className="text-slate-600">{t("notificaciones.lista.proximoAuto")}</dt>
                <dd className="text-slate-900">{`${fechaHora(f, entrega.ProximoIntento)} (${relativo(f, entrega.ProximoIntento, ahora)})`}</dd>
              </div>
            )}
          </dl>
        </div>
        <InsigniaEstado estado={entrega.Estado} t={t} />
      </div>

      {entrega.Intentos.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">{t("notificaciones.lista.sinIntentos")}</p>
      ) : (
        <div className="mt-4 md:overflow-x-auto">
          <table className="tabla-apilada w-full text-left text-sm md:min-w-[48rem]">
            <caption className="sr-only">{t("notificaciones.lista.caption", { id: entrega.Id })}</caption>
            <thead>
              <tr className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-600">
                <th scope="col" className="py-2 pr-3 font-semibold">
                  {t("notificaciones.lista.columnas.numero")}
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  {t("notificaciones.lista.columnas.momento")}
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  {t("notificaciones.lista.columnas.disparo")}
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  {t("notificaciones.lista.columnas.http")}
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  {t("notificaciones.lista.columnas.latencia")}
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  {t("notificaciones.lista.columnas.proximo")}
                </th>
                <th scope="col" className="py-2 font-semibold">
                  {t("notificaciones.lista.columnas.detalle")}
                </th>
              </tr>
            </thead>
            <tbody>
              {entrega.Intentos.map((intento, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: attempts are append-only, so a position never changes its attempt.
                <tr key={index} className="border-b border-slate-100 align-top" data-testid="intento">
                  <th
                    scope="row"
                    className="py-2 pr-3 font-medium text-slate-900"
                    data-etiqueta={t("notificaciones.lista.columnas.numero")}
                  >
                    {index + 1}
                  </th>
                  <td className="py-2 pr-3 whitespace-nowrap text-slate-900" data-etiqueta={t("notificaciones.lista.columnas.momento")}>
                    {fechaHora(f, intento.Momento)}
                  </td>
                  <td className="py-2 pr-3 text-slate-900" data-etiqueta={t("notificaciones.lista.columnas.disparo")}>
                    {t(`notificaciones.lista.disparos.${intento.Disparo}`)}
                  </td>
                  <td className="py-2 pr-3" data-etiqueta={t("notificaciones.lista.columnas.http")}>
                    <InsigniaHttp status={intento.HttpStatus} t={t} />
                  </td>
                  <td className="py-2 pr-3 whitespace-nowrap text-slate-900" data-etiqueta={t("notificaciones.lista.columnas.latencia")}>
                    {t("notificaciones.latencia", { ms: intento.LatenciaMs })}
                  </td>
                  <td className="py-2 pr-3 whitespace-nowrap text-slate-900" data-etiqueta={t("notificaciones.lista.columnas.proximo")}>
                    {fechaHora(f, intento.ProximoIntento)}
                  </td>
                  <td className="py-2" data-etiqueta={t("notificaciones.lista.columnas.detalle")}>
                    {intento.Error && <ErrorDeIntento error={intento.Error} t={t} />}
                    {intento.Respuesta ? (
                      <details>
                        <summary className="flex min-h-11 cursor-pointer items-center text-marca-700 hover:text-marca-900 md:min-h-0">
                          {t("notificaciones.lista.respuesta")}
                        </summary>
                        <BloqueCodigo
                          etiqueta={t("notificaciones.lista.respuestaDe", { n: index + 1 })}
                          className="max-h-64 max-w-xl whitespace-pre-wrap break-all"
                        >
                          {intento.Respuesta}
                        </BloqueCodigo>
                      </details>
                    ) : (
                      !intento.Error && <span className="text-slate-500">{t("notificaciones.lista.sinCuerpo")}</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <div className="mt-4 flex flex-wrap items-start justify-between gap-3">
        <details className="min-w-0 flex-1">
          <summary className="flex min-h-11 cursor-pointer items-center text-sm font-medium md:min-h-0 text-marca-700 hover:text-marca-900">
            {t("notificaciones.lista.cuerpo")}
          </summary>
          <BloqueCodigo etiqueta={t("notificaciones.lista.cuerpoDe", { id: entrega.Id })} className="max-h-80">
            {JSON.stringify(entrega.Payload, null, 2)}
          </BloqueCodigo>
        </details>
        {puedeReintentar && <Reintentar topic={topic} id={entrega.Id} />}
      </div>
    </article>
  );
}

/** A failed attempt's error in words, with what was recorded below it for whoever debugs the receiver. */
function ErrorDeIntento({ error, t }: { error: string; t: Traductor }) {
  const palabras = errorDeConexionEnPalabras(error, t);
  if (!palabras) return <p className="mb-1 text-red-800">{error}</p>;
  return (
    <div className="mb-1">
      <p className="text-red-800">{palabras}</p>
      <p className="font-mono text-xs break-all text-slate-500">
        <span className="sr-only">{t("notificaciones.lista.errores.codigo")}: </span>
        {error}
      </p>
    </div>
  );
}
