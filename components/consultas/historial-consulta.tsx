import { getFormatter, getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { InsigniaEstado } from "@/components/notificaciones/estado";
import { enlaceClass } from "@/components/ui/button-class";
import { historialDe, type Paso } from "@/lib/panel/consultas/historial";
import { explicarFalla } from "@/lib/panel/fallas";
import { fechaHora } from "@/lib/panel/formatos";
import type { Traductor } from "@/lib/panel/i18n/idiomas";
import { LECTORES } from "@/lib/panel/notificaciones/rutas";
import { exigirUsuario } from "@/lib/panel/session";
import { v3ClientFor } from "@/lib/panel/v3-client";

type Props = { adminMail: string; sid: string };

/**
 * What happened to an enquiry (decision 0108), oldest first, for the detail: received, opened (by
 * whom), marked and unmarked, re-sent, each webhook delivery with its state. It loads on its own, so
 * the enquiry shows before it.
 */
export async function HistorialConsulta(props: Props) {
  const t = await getTranslations();
  return (
    <section aria-labelledby="detalle-historial" data-testid="historial">
      <h3 id="detalle-historial" className="text-sm font-semibold uppercase tracking-wide text-slate-500">
        {t("historial.titulo")}
      </h3>
      <Suspense
        fallback={
          <p role="status" className="mt-2 text-sm text-slate-600">
            {t("historial.cargando")}
          </p>
        }
      >
        <Pasos {...props} t={t} />
      </Suspense>
    </section>
  );
}

async function Pasos({ adminMail, sid, t }: Props & { t: Traductor }) {
  const user = await exigirUsuario();
  const f = await getFormatter();
  let pasos: Paso[];
  try {
    pasos = await historialDe(await v3ClientFor(user.workspace.id), user, adminMail, sid);
  } catch (error) {
    return <p className="mt-2 text-sm text-red-700">{`${t("historial.error")} ${explicarFalla(error, t, adminMail)}`}</p>;
  }
  // The delivery log is for admin and soporte (docs/contract.md#dashboard-roles).
  const registro = LECTORES.includes(user.role) ? `/panel/notificaciones/consultas/entregas?sid=${encodeURIComponent(sid)}` : null;
  return (
    <ol className="mt-2 divide-y divide-slate-100 rounded-xl border border-slate-200">
      {pasos.map((paso, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the steps of one render, in an order that does not change under it.
        <li key={index} className="flex gap-3 px-4 py-2 text-sm" data-paso={paso.tipo}>
          <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-marca-600" />
          <div className="min-w-0 flex-1">
            <Texto paso={paso} registro={registro} t={t} />
            <p className="text-slate-600">
              <time dateTime={paso.momento}>{fechaHora(f, paso.momento)}</time>
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
}

function Texto({ paso, registro, t }: { paso: Paso; registro: string | null; t: Traductor }) {
  if (paso.tipo !== "entrega") {
    if (paso.tipo === "abierta" && paso.quien === null) return <p className="text-slate-900">{t("historial.pasos.abiertaPorOtra")}</p>;
    const quien = "quien" in paso ? (paso.quien ?? "") : "";
    return <p className="break-words text-slate-900">{t(`historial.pasos.${paso.tipo}`, { quien })}</p>;
  }
  const respuesta = paso.http === null ? null : paso.http === 0 ? t("historial.sinRespuesta") : t("historial.http", { status: paso.http });
  return (
    <>
      <p className="flex flex-wrap items-center gap-2 text-slate-900">
        <span>{t("historial.pasos.entrega", { reenvio: String(paso.reenvio) })}</span>
        <InsigniaEstado estado={paso.estado} t={t} />
        {respuesta && <span className="text-slate-600">{respuesta}</span>}
      </p>
      {registro && (
        <a
          href={`${registro}#entrega-${paso.id}`}
          className={enlaceClass("text-sm")}
          aria-label={t("historial.verEntregaDe", { id: paso.id })}
        >
          {t("historial.verEntrega")}
        </a>
      )}
    </>
  );
}
