import type { EstadoAgencia } from "@/lib/panel/v3-tipos";

/** The badge colour of each state; the words are messages (agencias.estados.<estado>.etiqueta). */
export const CLASE_AGENCIA: Record<EstadoAgencia, string> = {
  registrada: "bg-emerald-50 text-emerald-800 ring-emerald-600/20",
  pendiente: "bg-amber-50 text-amber-900 ring-amber-600/20",
  vencida: "bg-slate-100 text-slate-700 ring-slate-500/20",
};

export const CLASE_PAQUETE: Record<"activo" | "suspendido" | "vencido" | "sin-plan", string> = {
  activo: "bg-emerald-50 text-emerald-800 ring-emerald-600/20",
  suspendido: "bg-amber-50 text-amber-900 ring-amber-600/20",
  vencido: "bg-red-50 text-red-800 ring-red-600/20",
  "sin-plan": "bg-slate-100 text-slate-700 ring-slate-500/20",
};

export function Insignia({ etiqueta, clase }: { etiqueta: string; clase: string }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${clase}`}>{etiqueta}</span>
  );
}
