import type { ReactNode } from "react";
import type { Traductor } from "@/lib/panel/i18n/idiomas";
import type { EstadoEntrega } from "@/lib/panel/v3-tipos";

const TONOS: Record<string, string> = {
  verde: "bg-emerald-50 text-emerald-800 ring-emerald-600/20",
  ambar: "bg-amber-50 text-amber-900 ring-amber-600/20",
  rojo: "bg-red-50 text-red-800 ring-red-600/20",
  gris: "bg-slate-100 text-slate-700 ring-slate-500/20",
  azul: "bg-marca-50 text-marca-900 ring-marca-700/20",
};

export type TonoInsignia = keyof typeof TONOS;

/** A small coloured label; the text alone carries the meaning (colour is only a hint). */
export function Insignia({ tono, children }: { tono: TonoInsignia; children: ReactNode }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${TONOS[tono]}`}>
      {children}
    </span>
  );
}

const TONO_ESTADO: Record<EstadoEntrega, TonoInsignia> = {
  pendiente: "ambar",
  enviando: "azul",
  entregada: "verde",
  fallida: "rojo",
  descartada: "gris",
};

export function InsigniaEstado({ estado, t }: { estado: EstadoEntrega; t: Traductor }) {
  return <Insignia tono={TONO_ESTADO[estado]}>{t(`notificaciones.estados.${estado}`)}</Insignia>;
}

/** An HTTP status of an attempt: 2xx green, 0 (no answer) grey, the rest red. */
export function InsigniaHttp({ status, t }: { status: number; t: Traductor }) {
  if (status === 0) return <Insignia tono="gris">{t("notificaciones.sinRespuesta")}</Insignia>;
  return <Insignia tono={status >= 200 && status < 300 ? "verde" : "rojo"}>{`HTTP ${status}`}</Insignia>;
}
