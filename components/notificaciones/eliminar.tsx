"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useId, useRef } from "react";
import { useTextos } from "@/components/panel/idioma";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { type ErrorPanel, leerRespuesta, type MensajesRespuesta, mensajeDeError, tituloTopico } from "@/lib/panel/notificaciones/limites";

async function eliminar(topic: string, r: MensajesRespuesta): Promise<void> {
  const response = await fetch(`/panel/notificaciones/${encodeURIComponent(topic)}`, { method: "DELETE" });
  const result = await leerRespuesta<undefined>(response, r);
  if (!result.ok) throw result.error;
}

/** "Eliminar" (admin) with a confirmation dialog (native <dialog>: focus stays inside, Esc closes it). */
export function EliminarConfiguracion({ topic }: { topic: string }) {
  const textos = useTextos().notificaciones;
  const t = textos.eliminar;
  const router = useRouter();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const id = useId();
  const borrar = useMutation<void, ErrorPanel>({
    mutationFn: () => eliminar(topic, textos.respuesta),
    onSuccess: () => {
      dialogRef.current?.close();
      router.refresh();
    },
  });
  const titulo = tituloTopico(topic, textos);

  return (
    <>
      <Button
        variante="secundario"
        onClick={() => {
          borrar.reset();
          dialogRef.current?.showModal();
        }}
      >
        {t.boton}
      </Button>
      <dialog
        ref={dialogRef}
        aria-labelledby={`${id}-titulo`}
        aria-describedby={`${id}-texto`}
        className="m-auto w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-xl backdrop:bg-slate-900/40"
      >
        <h2 id={`${id}-titulo`} className="text-lg font-semibold text-slate-900">
          {t.titulo(titulo)}
        </h2>
        <p id={`${id}-texto`} className="mt-2 text-sm text-slate-700">
          {t.texto}
        </p>
        {borrar.isError && (
          <div className="mt-4">
            <Alert tono="error" titulo={t.error}>
              {mensajeDeError(borrar.error)}
            </Alert>
          </div>
        )}
        <div className="mt-6 flex justify-end gap-3">
          <Button variante="secundario" autoFocus onClick={() => dialogRef.current?.close()}>
            {t.cancelar}
          </Button>
          <Button variante="peligro" cargando={borrar.isPending} onClick={() => borrar.mutate()}>
            {borrar.isPending ? t.eliminando : t.confirmar}
          </Button>
        </div>
      </dialog>
    </>
  );
}
