"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTextos } from "@/components/panel/idioma";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { BotonesDeDialogo, Dialogo } from "@/components/ui/dialogo";
import { type ErrorPanel, leerRespuesta, type MensajesRespuesta, mensajeDeError, tituloTopico } from "@/lib/panel/notificaciones/limites";

async function eliminar(topic: string, r: MensajesRespuesta): Promise<void> {
  const response = await fetch(`/panel/notificaciones/${encodeURIComponent(topic)}`, { method: "DELETE" });
  const result = await leerRespuesta<undefined>(response, r);
  if (!result.ok) throw result.error;
}

/** "Eliminar" (admin) with a confirmation dialog (components/ui/dialogo.tsx: focus stays inside, Esc closes it). */
export function EliminarConfiguracion({ topic }: { topic: string }) {
  const textos = useTextos().notificaciones;
  const t = textos.eliminar;
  const router = useRouter();
  const [abierto, setAbierto] = useState(false);
  const borrar = useMutation<void, ErrorPanel>({
    mutationFn: () => eliminar(topic, textos.respuesta),
    onSuccess: () => {
      setAbierto(false);
      router.refresh();
    },
  });

  return (
    <>
      <Button
        variante="secundario"
        onClick={() => {
          borrar.reset();
          setAbierto(true);
        }}
      >
        {t.boton}
      </Button>
      <Dialogo abierto={abierto} alCerrar={() => setAbierto(false)} titulo={t.titulo(tituloTopico(topic, textos))} descripcion={t.texto}>
        <div className="space-y-4">
          {borrar.isError && (
            <Alert tono="error" titulo={t.error}>
              {mensajeDeError(borrar.error)}
            </Alert>
          )}
          <BotonesDeDialogo
            cancelar={t.cancelar}
            enviar={borrar.isPending ? t.eliminando : t.confirmar}
            pendiente={borrar.isPending}
            alCancelar={() => setAbierto(false)}
            alEnviar={() => borrar.mutate()}
            peligro
          />
        </div>
      </Dialogo>
    </>
  );
}
