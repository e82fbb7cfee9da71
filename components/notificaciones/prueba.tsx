"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import { useId, useRef } from "react";
import { enviar, unaLinea, useExplicar } from "@/components/panel/enviar";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { enlaceClass } from "@/components/ui/button-class";
import { Spinner } from "@/components/ui/spinner";
import { fechaHora } from "@/lib/panel/formatos";
import type { Entrega, Entregas } from "@/lib/panel/v3-tipos";
import { BloqueCodigo } from "./bloque-codigo";
import { InsigniaEstado, InsigniaHttp } from "./estado";

type Payload = Entregas["_entries"][number]["Payload"];

const rutaTopico = (topic: string) => `/panel/notificaciones/${encodeURIComponent(topic)}`;

const terminada = (entrega: Entrega | undefined) => Boolean(entrega && entrega.Intentos.length > 0 && entrega.Estado !== "enviando");

/** "Enviar prueba" (admin): queues a sample notification, shows its payload and then how its delivery went. */
export function EnviarPrueba({ topic, activo }: { topic: string; activo: boolean }) {
  const id = useId();
  const t = useTranslations();
  const f = useFormatter();
  const explicar = useExplicar();
  const resultadoRef = useRef<HTMLDivElement>(null);
  const prueba = useMutation({
    mutationFn: () => enviar<Payload>(`${rutaTopico(topic)}/prueba`, "POST"),
    onSettled: () => requestAnimationFrame(() => resultadoRef.current?.focus()),
  });
  const notificacion = prueba.data?.Id;
  const entrega = useQuery({
    queryKey: ["notificaciones", topic, "entrega", notificacion],
    queryFn: () => enviar<Entrega>(`${rutaTopico(topic)}/entregas/${encodeURIComponent(notificacion ?? "")}`),
    enabled: Boolean(notificacion),
    staleTime: 0,
    refetchInterval: (query) => (terminada(query.state.data) ? false : 1000),
  });
  const ultimo = entrega.data?.Intentos.at(-1);

  return (
    <div className="space-y-3">
      <Button
        variante="secundario"
        cargando={prueba.isPending}
        disabled={!activo}
        onClick={() => prueba.mutate()}
        aria-describedby={activo ? undefined : `${id}-inactiva`}
      >
        {prueba.isPending ? t("notificaciones.prueba.enviando") : t("notificaciones.prueba.enviar")}
      </Button>
      {!activo && (
        <p id={`${id}-inactiva`} className="text-xs text-slate-500">
          {t("notificaciones.prueba.inactiva")}
        </p>
      )}
      <div ref={resultadoRef} tabIndex={-1} aria-live="polite" className="space-y-3 focus:outline-none">
        {prueba.isError && (
          <Alert tono="error" titulo={t("notificaciones.prueba.error")}>
            {unaLinea(explicar(prueba.error))}
          </Alert>
        )}
        {prueba.data && (
          <div className="space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-4" data-testid={`prueba-${topic}`}>
            <p className="text-sm font-semibold text-slate-900">{t("notificaciones.prueba.encolada")}</p>
            <div className="text-sm text-slate-700">
              {!terminada(entrega.data) && !entrega.isError && (
                <p className="flex items-center gap-2">
                  <Spinner className="h-3 w-3 border-marca-700" />
                  {t("notificaciones.prueba.esperando")}
                </p>
              )}
              {entrega.isError && <p>{t("notificaciones.prueba.noLeer", { mensaje: unaLinea(explicar(entrega.error)) })}</p>}
              {terminada(entrega.data) && entrega.data && ultimo && (
                <p className="flex flex-wrap items-center gap-2">
                  <span>{t("notificaciones.prueba.resultado")}</span>
                  <InsigniaEstado estado={entrega.data.Estado} t={t} />
                  <InsigniaHttp status={ultimo.HttpStatus} t={t} />
                  <span>{t("notificaciones.latencia", { ms: ultimo.LatenciaMs })}</span>
                  {ultimo.Error && <span className="text-red-800">{ultimo.Error}</span>}
                  {entrega.data.ProximoIntento && (
                    <span>{t("notificaciones.prueba.proximo", { fecha: fechaHora(f, entrega.data.ProximoIntento) })}</span>
                  )}
                </p>
              )}
            </div>
            <details>
              <summary className="flex min-h-11 cursor-pointer items-center text-sm font-medium md:min-h-0 text-marca-700 hover:text-marca-900">
                {t("notificaciones.prueba.verCuerpo")}
              </summary>
              <BloqueCodigo etiqueta={t("notificaciones.prueba.cuerpo")} className="max-h-80">
                {JSON.stringify(prueba.data, null, 2)}
              </BloqueCodigo>
            </details>
            <Link href={`/panel/notificaciones/${encodeURIComponent(topic)}/entregas`} className={enlaceClass("text-sm")}>
              {t("notificaciones.prueba.verRegistro")}
            </Link>
          </div>
        )}
      </div>
    </div>
  );
}
