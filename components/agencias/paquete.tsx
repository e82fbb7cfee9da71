import { getFormatter, getTranslations } from "next-intl/server";
import { dia, type Formateador, numero } from "@/lib/panel/formatos";
import type { Traductor } from "@/lib/panel/i18n/idiomas";
import type { AgenciaProductos } from "@/lib/panel/v3-tipos";
import { dayNumber } from "@/lib/time";
import { CLASE_PAQUETE, Insignia } from "./insignias";

/**
 * The agency's product package (GET /v3/agencias/{adminMail}/productos): plan, validity and usage bars
 * for listings and for each exposure level. Each bar is a labelled role=progressbar with its value in
 * words, so a screen reader says "Publicaciones: 3 de 10 usadas".
 */

export function Barra({
  id,
  titulo,
  usadas,
  contratadas,
  detalle,
  t,
  f,
}: {
  t: Traductor;
  f: Formateador;
  id: string;
  titulo: string;
  usadas: number;
  contratadas: number;
  detalle?: string;
}) {
  const max = Math.max(contratadas, 1);
  const valor = Math.min(Math.max(usadas, 0), max);
  const porcentaje = contratadas > 0 ? Math.round((Math.min(usadas, contratadas) / contratadas) * 100) : 0;
  const excedida = contratadas > 0 && usadas >= contratadas;
  const texto =
    contratadas > 0
      ? t("agencias.paquete.usadas", { usadas: numero(f, usadas), contratadas: numero(f, contratadas) })
      : t("agencias.paquete.sinContratar");
  return (
    <div>
      <div className="flex items-baseline justify-between gap-4 text-sm">
        <span id={`${id}-titulo`} className="font-medium text-slate-800">
          {titulo}
        </span>
        <span className="tabular-nums text-slate-600">{texto}</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={`${id}-titulo`}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={valor}
        aria-valuetext={contratadas > 0 ? `${texto} (${porcentaje} %)` : texto}
        className="mt-1 h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className={`h-full rounded-full ${excedida ? "bg-amber-600" : "bg-marca-700"}`} style={{ width: `${porcentaje}%` }} />
      </div>
      {usadas > contratadas && (
        <p className="mt-1 text-sm font-medium text-amber-900" data-testid={`${id}-excedido`}>
          <span aria-hidden="true">⚠ </span>
          {t("agencias.paquete.excedido", { exceso: numero(f, usadas - contratadas) })}
        </p>
      )}
      {detalle && <p className="mt-1 text-xs text-slate-600">{detalle}</p>}
    </div>
  );
}

/** A plan about to end warns this many days ahead. */
const DIAS_DE_AVISO = 15;

/** Days from `hoy` to the plan's last day (0: it ends today; negative: it ended); null without one. */
const diasHasta = (hasta: string | null, hoy: string) => (hasta ? dayNumber(hasta) - dayNumber(hoy) : null);

/** `hoy`: today in the Panel's time zone, for the plan's validity warning. */
export async function Paquete({ productos, hoy, idBase = "paquete" }: { productos: AgenciaProductos; hoy: string; idBase?: string }) {
  const t = await getTranslations();
  const f = await getFormatter();
  const estado = { etiqueta: t(`agencias.paquete.estados.${productos.Estado}`), clase: CLASE_PAQUETE[productos.Estado] };
  const { Publicaciones: publicaciones, Exposiciones: exposiciones } = productos;
  const restan = diasHasta(productos.VigenteHasta, hoy);
  return (
    <div className="space-y-6">
      {restan !== null && restan < DIAS_DE_AVISO && (
        <p
          className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm font-medium text-amber-900"
          data-testid={`${idBase}-aviso-vigencia`}
        >
          <span aria-hidden="true">⚠ </span>
          {restan < 0
            ? t("agencias.paquete.vencido", { dia: dia(f, productos.VigenteHasta) })
            : t("agencias.paquete.venceEn", { dias: restan })}
        </p>
      )}
      <dl className="grid gap-4 sm:grid-cols-3">
        <div>
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{t("agencias.paquete.plan")}</dt>
          <dd className="mt-1 font-semibold text-slate-900">{productos.Plan ?? t("agencias.paquete.sinPlan")}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{t("agencias.paquete.estado")}</dt>
          <dd className="mt-1">
            <Insignia {...estado} />
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{t("agencias.paquete.vigencia")}</dt>
          <dd className="mt-1 text-slate-900" data-testid={`${idBase}-vigencia`}>
            {productos.VigenteHasta
              ? t("agencias.paquete.vence", { dia: dia(f, productos.VigenteHasta) })
              : productos.VigenteDesde
                ? t("agencias.paquete.rango", { desde: dia(f, productos.VigenteDesde), hasta: dia(f, productos.VigenteHasta) })
                : t("agencias.paquete.sinFechas")}
          </dd>
        </div>
      </dl>
      <div>
        <h3 className="text-sm font-semibold text-slate-900">{t("agencias.paquete.publicaciones")}</h3>
        <div className="mt-2">
          <Barra
            id={`${idBase}-publicaciones`}
            titulo={t("agencias.paquete.activas")}
            t={t}
            f={f}
            usadas={publicaciones.Activas}
            contratadas={publicaciones.Contratadas}
            detalle={t("agencias.paquete.disponibles", { n: numero(f, publicaciones.Disponibles) })}
          />
          {publicaciones.Contratadas > 0 && publicaciones.Disponibles === 0 && (
            <p className="mt-2 text-sm text-slate-700" data-testid={`${idBase}-lleno`}>
              {t("agencias.paquete.lleno")}
            </p>
          )}
        </div>
      </div>
      <div>
        <h3 className="text-sm font-semibold text-slate-900">{t("agencias.paquete.exposiciones")}</h3>
        <div className="mt-2 space-y-3">
          {(["Alta", "Media", "Baja"] as const).map((nivel) => (
            <Barra
              key={nivel}
              id={`${idBase}-exposicion-${nivel.toLowerCase()}`}
              titulo={t(`agencias.paquete.niveles.${nivel}`)}
              t={t}
              f={f}
              usadas={exposiciones[nivel].Usadas}
              contratadas={exposiciones[nivel].Contratadas}
            />
          ))}
          <p className="text-xs text-slate-600">{t("agencias.paquete.nivelLleno")}</p>
        </div>
      </div>
    </div>
  );
}
