"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { enviar, unaLinea, useExplicar } from "@/components/panel/enviar";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { BotonesDeDialogo, Dialogo } from "@/components/ui/dialogo";
import { tituloTopico } from "@/lib/panel/notificaciones/topicos";

/** "Eliminar" (admin) with a confirmation dialog (components/ui/dialogo.tsx: focus stays inside, Esc closes it). */
export function EliminarConfiguracion({ topic }: { topic: string }) {
  const t = useTranslations();
  const router = useRouter();
  const [abierto, setAbierto] = useState(false);
  const explicar = useExplicar();
  const borrar = useMutation({
    mutationFn: () => enviar<void>(`/panel/notificaciones/${encodeURIComponent(topic)}`, "DELETE"),
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
        {t("notificaciones.eliminar.boton")}
      </Button>
      <Dialogo
        abierto={abierto}
        alCerrar={() => setAbierto(false)}
        titulo={t("notificaciones.eliminar.titulo", { titulo: tituloTopico(topic, t) })}
        descripcion={t("notificaciones.eliminar.texto")}
      >
        <div className="space-y-4">
          {borrar.isError && (
            <Alert tono="error" titulo={t("notificaciones.eliminar.error")}>
              {unaLinea(explicar(borrar.error))}
            </Alert>
          )}
          <BotonesDeDialogo
            cancelar={t("notificaciones.eliminar.cancelar")}
            enviar={borrar.isPending ? t("notificaciones.eliminar.eliminando") : t("notificaciones.eliminar.confirmar")}
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
