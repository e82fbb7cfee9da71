"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useId, useRef } from "react";
import { useIdioma, useTextos } from "@/components/panel/idioma";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { Entrega, Entregas } from "@/lib/api/entregas";
import type { ErrorPanel, MensajesRespuesta } from "@/lib/panel/notificaciones/limites";
import { formatearFecha, leerRespuesta, mensajeDeError } from "@/lib/panel/notificaciones/limites";
import { BloqueCodigo } from "./bloque-codigo";
import { InsigniaEstado, InsigniaHttp } from "./estado";

type Payload = Entregas["_entries"][number]["Payload"];

async function enviarPrueba(topic: string, r: MensajesRespuesta): Promise<Payload> {
  const response = await fetch(`/panel/notificaciones/${encodeURIComponent(topic)}/prueba`, { method: "POST" });
  const result = await leerRespuesta<Payload>(response, r);
  if (!result.ok) throw result.error;
  return result.data;
}

async function leerEntrega(topic: string, id: string, r: MensajesRespuesta): Promise<Entrega> {
  const url = `/panel/notificaciones/${encodeURIComponent(topic)}/entregas/${encodeURIComponent(id)}`;
  const result = await leerRespuesta<Entrega>(await fetch(url, { cache: "no-store" }), r);
  if (!result.ok) throw result.error;
  return result.data;
}

const terminada = (entrega: Entrega | undefined) => Boolean(entrega && entrega.Intentos.length > 0 && entrega.Estado !== "enviando");

/** "Enviar prueba" (admin): queues a sample notification, shows its payload and then how its delivery went. */
export function EnviarPrueba({ topic, activo }: { topic: string; activo: boolean }) {
  const id = useId();
  const idioma = useIdioma();
  const textos = useTextos().notificaciones;
  const t = textos.prueba;
  const resultadoRef = useRef<HTMLDivElement>(null);
  const prueba = useMutation<Payload, ErrorPanel>({
    mutationFn: () => enviarPrueba(topic, textos.respuesta),
    onSettled: () => requestAnimationFrame(() => resultadoRef.current?.focus()),
  });
  const notificacion = prueba.data?.Id;
  const entrega = useQuery<Entrega, ErrorPanel>({
    queryKey: ["notificaciones", topic, "entrega", notificacion],
    queryFn: () => leerEntrega(topic, notificacion as string, textos.respuesta),
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
        {prueba.isPending ? t.enviando : t.enviar}
      </Button>
      {!activo && (
        <p id={`${id}-inactiva`} className="text-xs text-slate-500">
          {t.inactiva}
        </p>
      )}
      <div ref={resultadoRef} tabIndex={-1} aria-live="polite" className="space-y-3 focus:outline-none">
        {prueba.isError && (
          <Alert tono="error" titulo={t.error}>
            {mensajeDeError(prueba.error)}
          </Alert>
        )}
        {prueba.data && (
          <div className="space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-4" data-testid={`prueba-${topic}`}>
            <p className="text-sm font-semibold text-slate-900">{t.encolada}</p>
            <div className="text-sm text-slate-700">
              {!terminada(entrega.data) && !entrega.isError && (
                <p className="flex items-center gap-2">
                  <span aria-hidden="true" className="h-3 w-3 animate-spin rounded-full border-2 border-marca-700 border-r-transparent" />
                  {t.esperando}
                </p>
              )}
              {entrega.isError && <p>{t.noLeer(mensajeDeError(entrega.error))}</p>}
              {terminada(entrega.data) && entrega.data && ultimo && (
                <p className="flex flex-wrap items-center gap-2">
                  <span>{t.resultado}</span>
                  <InsigniaEstado estado={entrega.data.Estado} textos={textos} />
                  <InsigniaHttp status={ultimo.HttpStatus} textos={textos} />
                  <span>{`${ultimo.LatenciaMs} ms`}</span>
                  {ultimo.Error && <span className="text-red-800">{ultimo.Error}</span>}
                  {entrega.data.ProximoIntento && <span>{t.proximo(formatearFecha(entrega.data.ProximoIntento, idioma))}</span>}
                </p>
              )}
            </div>
            <details>
              <summary className="cursor-pointer text-sm font-medium text-marca-700 hover:text-marca-900">{t.verCuerpo}</summary>
              <BloqueCodigo etiqueta={t.cuerpo} className="max-h-80">
                {JSON.stringify(prueba.data, null, 2)}
              </BloqueCodigo>
            </details>
            <Link
              href={`/panel/notificaciones/${encodeURIComponent(topic)}/entregas`}
              className="inline-block text-sm font-semibold text-marca-700 hover:text-marca-900 hover:underline"
            >
              {t.verRegistro}
            </Link>
          </div>
        )}
      </div>
    </div>
  );
}
