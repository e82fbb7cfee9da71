"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { putConsultaAtencion } from "@/lib/panel/consultas/atender";
import { useAvisar } from "./deshacer";

/**
 * "Marcar como atendida" (or back to unattended) in the list (one word, `compacto`, and on a desktop
 * an icon; the word is part of the accessible name, WCAG 2.5.3) and in the detail:
 * the server action sends the signed-in person's e-mail as Por; the page is read again afterwards,
 * and a notice offers to undo it ("Marcada como atendida · Deshacer"): the undo is the same action
 * back to the previous state (decisions 0105).
 */
export function MarcarAtendida({
  adminMail,
  sid,
  atendida,
  compacto,
  de,
}: {
  adminMail: string;
  sid: string;
  atendida: boolean;
  compacto: boolean;
  /** The id of what names the enquiry (the row's link), for the icon's description. */
  de?: string;
}) {
  const t = useTranslations();
  const router = useRouter();
  const [pendiente, startTransition] = useTransition();
  const avisar = useAvisar();
  const [error, setError] = useState<string | null>(null);
  function marcar() {
    setError(null);
    startTransition(async () => {
      try {
        const resultado = await putConsultaAtencion(adminMail, sid, !atendida);
        if (!resultado.ok) return setError(resultado.mensaje);
        router.refresh();
        avisar({
          texto: atendida ? t("consultas.atencion.desmarcada") : t("consultas.atencion.marcada"),
          deshacer: async () => {
            const vuelta = await putConsultaAtencion(adminMail, sid, atendida);
            if (!vuelta.ok) return vuelta;
            router.refresh();
            return { ok: true, texto: atendida ? t("consultas.atencion.deshechaDesmarca") : t("consultas.atencion.deshechaMarca") };
          },
        });
      } catch {
        setError(t("consultas.atencion.sinConexion"));
      }
    });
  }
  const texto = atendida ? t("consultas.atencion.desmarcar") : t("consultas.atencion.marcar");
  return (
    <span className="inline-flex flex-col gap-1">
      <Button
        variante={atendida || compacto ? "secundario" : "primario"}
        cargando={pendiente}
        onClick={marcar}
        aria-label={compacto ? texto : undefined}
        aria-describedby={de}
        title={compacto ? texto : undefined}
        className={compacto ? "min-h-11 min-w-11 gap-1.5 px-3 whitespace-nowrap md:min-h-9 md:px-3 md:py-1.5" : ""}
      >
        {compacto
          ? !pendiente && (
              <>
                <svg aria-hidden="true" viewBox="0 0 20 20" className="hidden h-5 w-5 md:block" fill="currentColor">
                  <path d={atendida ? "M4 9h12v2H4z" : "M8 13.2 4.5 9.7 3.4 10.8 8 15.4l8.6-8.6-1.1-1.1z"} />
                </svg>
                <span className="text-xs">{atendida ? t("consultas.atencion.desmarcarCorto") : t("consultas.atencion.marcarCorto")}</span>
              </>
            )
          : texto}
      </Button>
      {error && (
        <span role="alert" className="text-xs text-red-700">
          {error}
        </span>
      )}
    </span>
  );
}
