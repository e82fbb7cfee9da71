import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { Card } from "@/components/ui/card";
import { fechaHora, numero } from "@/lib/panel/formatos";
import type { Traductor } from "@/lib/panel/i18n/idiomas";
import type { SaludTopico } from "@/lib/panel/inicio/numeros";
import { errorDeConexionEnPalabras, tituloTopico } from "@/lib/panel/notificaciones/topicos";
import type { Entrega } from "@/lib/panel/v3-tipos";

const registro = (topic: string, estado?: string) =>
  `/panel/notificaciones/${encodeURIComponent(topic)}/entregas${estado ? `?estado=${estado}` : ""}`;

/** Why a delivery failed, in words: its attempt's (by default its last's) HTTP status or connection error. */
function motivo(entrega: Entrega, t: Traductor, intento = entrega.Intentos.at(-1)): string {
  if (!intento) return t("inicio.salud.sinIntentos");
  if (intento.HttpStatus > 0) return t("inicio.salud.respondio", { status: intento.HttpStatus });
  return (intento.Error && errorDeConexionEnPalabras(intento.Error, t)) ?? intento.Error ?? t("inicio.salud.sinRespuesta");
}

/** Each webhook topic over the last 24 hours: deliveries, success rate, last failure (admin). */
export async function SaludWebhooks({ salud }: { salud: SaludTopico[] }) {
  const t = await getTranslations();
  const f = await getFormatter();
  return (
    <Card titulo={t("inicio.salud.titulo")} descripcion={t("inicio.salud.texto")}>
      <ul className="grid gap-3 md:grid-cols-2">
        {salud.map((topico) => (
          <li key={topico.topic} className="rounded-xl border border-slate-200 p-4" data-topico={topico.topic}>
            <p className="font-semibold text-slate-900">{tituloTopico(topico.topic, t)}</p>
            {topico.configurado ? (
              <dl className="mt-2 grid grid-cols-2 gap-2 text-sm">
                <dt className="text-slate-600">{t("inicio.salud.entregas")}</dt>
                <dd className="text-right font-semibold tabular-nums" data-testid="salud-entregas">
                  {topico.masDe ? t("inicio.salud.masDe", { n: numero(f, topico.entregas) }) : numero(f, topico.entregas)}
                </dd>
                <dt className="text-slate-600">{t("inicio.salud.entregadas")}</dt>
                <dd className="text-right font-semibold tabular-nums" data-testid="salud-entregadas">
                  {numero(f, topico.entregadas)}
                </dd>
                <dt className="text-slate-600">{t("inicio.salud.fallidas")}</dt>
                <dd className="text-right tabular-nums" data-testid="salud-fallidas">
                  <span className={`font-semibold ${topico.fallidas > 0 ? "text-red-700" : ""}`}>{numero(f, topico.fallidas)}</span>
                  {topico.reintentando > 0 && (
                    <span className="block text-xs text-slate-600">{t("inicio.salud.reintentando", { n: topico.reintentando })}</span>
                  )}
                </dd>
                <dt className="text-slate-600">{t("inicio.salud.exito")}</dt>
                <dd className="text-right font-semibold tabular-nums" data-testid="salud-exito">
                  {topico.exito === null
                    ? t("inicio.salud.sinTerminadas")
                    : f.number(topico.exito, { style: "percent", maximumFractionDigits: 1 })}
                </dd>
                <dt className="text-slate-600">{t("inicio.salud.ultimaFalla")}</dt>
                <dd className="text-right" data-testid="salud-ultima-falla">
                  {topico.ultimaFalla ? (
                    <Link
                      href={registro(topico.topic, topico.ultimaFalla.entrega.Estado)}
                      className="inline-flex min-h-11 flex-col items-end justify-center hover:underline"
                    >
                      <time dateTime={topico.ultimaFalla.momento} className="block font-semibold text-marca-700">
                        {fechaHora(f, topico.ultimaFalla.momento)}
                      </time>
                      <span className="block text-xs text-red-700">
                        {motivo(topico.ultimaFalla.entrega, t, topico.ultimaFalla.intento ?? undefined)}
                      </span>
                    </Link>
                  ) : (
                    t("inicio.salud.ninguna")
                  )}
                </dd>
              </dl>
            ) : (
              <p className="mt-2 text-sm text-slate-600">{t("inicio.salud.sinConfigurar")}</p>
            )}
            <Link
              href={registro(topico.topic)}
              className="mt-2 inline-flex min-h-11 items-center text-sm font-semibold text-marca-700 hover:underline"
            >
              {t("inicio.salud.verRegistro", { topico: tituloTopico(topico.topic, t) })}
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** The failed deliveries of every topic, newest first, each to its log (soporte). */
export async function EntregasFallidas({ entregas }: { entregas: Entrega[] }) {
  const t = await getTranslations();
  const f = await getFormatter();
  const primeras = entregas.slice(0, 10);
  return (
    <Card
      titulo={t("inicio.fallidas.titulo", { n: entregas.length })}
      descripcion={entregas.length ? t("inicio.fallidas.texto") : t("inicio.fallidas.ninguna")}
    >
      {primeras.length > 0 && (
        <ul className="divide-y divide-slate-100" data-testid="fallidas">
          {primeras.map((entrega) => (
            <li key={entrega.Id} className="flex flex-wrap items-center justify-between gap-x-4 py-2 text-sm">
              <Link
                href={registro(entrega.Topic, "fallida")}
                className="flex min-h-11 flex-col justify-center font-semibold text-marca-700 hover:underline"
              >
                {tituloTopico(entrega.Topic, t)}
                <span className="font-normal text-red-700">{motivo(entrega, t)}</span>
              </Link>
              <time dateTime={entrega.Creada} className="text-slate-700">
                {fechaHora(f, entrega.Creada)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
