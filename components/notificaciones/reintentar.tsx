"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { useTextos } from "@/components/panel/idioma";
import { Button } from "@/components/ui/button";
import type { Entrega } from "@/lib/api/entregas";
import { type ErrorPanel, leerRespuesta, type MensajesRespuesta, mensajeDeError } from "@/lib/panel/notificaciones/limites";

async function reintentar(topic: string, id: string, r: MensajesRespuesta): Promise<Entrega> {
  const url = `/panel/notificaciones/${encodeURIComponent(topic)}/entregas/${encodeURIComponent(id)}/reintentar`;
  const result = await leerRespuesta<Entrega>(await fetch(url, { method: "POST" }), r);
  if (!result.ok) throw result.error;
  return result.data;
}

/** "Reintentar ahora" (admin): one manual attempt (202), then the log is read again from the server. */
export function Reintentar({ topic, id }: { topic: string; id: string }) {
  const textos = useTextos().notificaciones;
  const t = textos.reintentar;
  const router = useRouter();
  const [refrescando, startTransition] = useTransition();
  const intento = useMutation<Entrega, ErrorPanel>({
    mutationFn: () => reintentar(topic, id, textos.respuesta),
    onSuccess: () => startTransition(() => router.refresh()),
  });
  const ultimo = intento.data?.Intentos.at(-1);

  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button variante="secundario" cargando={intento.isPending || refrescando} onClick={() => intento.mutate()}>
        {intento.isPending ? t.reintentando : t.boton}
        <span className="sr-only">{t.laNotificacion(id)}</span>
      </Button>
      <p aria-live="polite" className="text-sm">
        {intento.isError && <span className="text-red-800">{t.error(mensajeDeError(intento.error))}</span>}
        {intento.data && ultimo && (
          <span className="text-slate-700">
            {t.hecho(
              ultimo.HttpStatus === 0 ? t.sinRespuesta : `HTTP ${ultimo.HttpStatus}`,
              ultimo.LatenciaMs,
              textos.estados[intento.data.Estado],
            )}
          </span>
        )}
      </p>
    </div>
  );
}
