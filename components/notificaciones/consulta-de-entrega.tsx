import Link from "next/link";
import { enlaceClass } from "@/components/ui/button-class";
import { urlConsultas } from "@/lib/panel/consultas/filtros";
import type { Traductor } from "@/lib/panel/i18n/idiomas";
import type { Entrega } from "@/lib/panel/v3-tipos";

/**
 * Which enquiry and buyer a `consultas` notification is about (decision 0109), from its body: the
 * buyer's name, the car, the sid, and a link that opens the enquiry. Nothing for other events.
 */
export function ConsultaDeEntrega({ payload, t }: { payload: Entrega["Payload"]; t: Traductor }) {
  if (payload.Evento !== "consulta.recibida") return null;
  const { AdminMail, Sid, Consulta } = payload.Datos;
  const comprador = [Consulta.Interesado.Nombre, Consulta.Interesado.Apellido].filter(Boolean).join(" ");
  const auto = [Consulta.Auto.Marca, Consulta.Auto.Modelo].filter(Boolean).join(" ");
  return (
    <p className="mt-1 flex flex-wrap items-center gap-x-3 text-sm text-slate-700" data-testid="entrega-consulta">
      <span className="break-words">{t("notificaciones.lista.consulta", { comprador, auto })}</span>
      <span className="font-mono text-xs text-slate-500">{Sid}</span>
      <Link
        href={urlConsultas({ agencia: AdminMail, sid: Sid })}
        className={enlaceClass()}
        aria-label={t("notificaciones.lista.verConsultaDe", { comprador })}
      >
        {t("notificaciones.lista.verConsulta")}
      </Link>
    </p>
  );
}
