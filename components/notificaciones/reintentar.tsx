"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useTransition } from "react";
import { enviar, unaLinea, useExplicar } from "@/components/panel/enviar";
import { Button } from "@/components/ui/button";
import type { Entrega } from "@/lib/panel/v3-tipos";

/** "Reintentar ahora" (admin): one manual attempt (202), then the log is read again from the server. */
export function Reintentar({ topic, id }: { topic: string; id: string }) {
  const t = useTranslations();
  const router = useRouter();
  const [refrescando, startTransition] = useTransition();
  const explicar = useExplicar();
  const intento = useMutation({
    mutationFn: () =>
      enviar<Entrega>(`/panel/notificaciones/${encodeURIComponent(topic)}/entregas/${encodeURIComponent(id)}/reintentar`, "POST"),
    onSuccess: () => startTransition(() => router.refresh()),
  });
  const ultimo = intento.data?.Intentos.at(-1);

  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button variante="secundario" cargando={intento.isPending || refrescando} onClick={() => intento.mutate()}>
        {intento.isPending ? t("notificaciones.reintentar.reintentando") : t("notificaciones.reintentar.boton")}
        <span className="sr-only">{t("notificaciones.reintentar.laNotificacion", { id })}</span>
      </Button>
      <p aria-live="polite" className="text-sm">
        {intento.isError && (
          <span className="text-red-800">{t("notificaciones.reintentar.error", { mensaje: unaLinea(explicar(intento.error)) })}</span>
        )}
        {intento.data && ultimo && (
          <span className="text-slate-700">
            {t("notificaciones.reintentar.hecho", {
              http: ultimo.HttpStatus === 0 ? t("notificaciones.reintentar.sinRespuesta") : `HTTP ${ultimo.HttpStatus}`,
              ms: ultimo.LatenciaMs,
              estado: t(`notificaciones.estados.${intento.data.Estado}`),
            })}
          </span>
        )}
      </p>
    </div>
  );
}
