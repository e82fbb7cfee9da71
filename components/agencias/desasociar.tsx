"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { enviar, unaLinea, useExplicar } from "@/components/panel/enviar";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { BotonesDeDialogo, Dialogo } from "@/components/ui/dialogo";

/**
 * Detach (admin): a button that opens a modal confirmation (components/ui/dialogo.tsx: focus moves
 * into it, Escape closes it), then PATCH /panel/agencias/{adminMail}/desasociar. Back on the list afterwards.
 */
export function Desasociar({ adminMail, nombre }: { adminMail: string; nombre: string }) {
  const t = useTranslations();
  const router = useRouter();
  const [abierto, setAbierto] = useState(false);
  const [error, setError] = useState<string>();
  const explicar = useExplicar();

  const desasociar = useMutation({
    mutationFn: () => enviar<void>(`/panel/agencias/${encodeURIComponent(adminMail)}/desasociar`, "PATCH"),
    onSuccess: () => {
      setAbierto(false);
      router.push(`/panel/agencias?desasociada=${encodeURIComponent(adminMail)}`);
      router.refresh();
    },
    onError: (failure) => setError(unaLinea(explicar(failure, t("agencias.noExiste")))),
  });

  return (
    <>
      <Button
        variante="secundario"
        className="text-red-700"
        onClick={() => {
          setError(undefined);
          setAbierto(true);
        }}
      >
        {t("agencias.desasociar.boton")}
      </Button>
      <Dialogo
        abierto={abierto}
        alCerrar={() => setAbierto(false)}
        titulo={t("agencias.desasociar.titulo", { nombre })}
        descripcion={
          <>
            <p>{t("agencias.desasociar.texto1")}</p>
            <p>{t("agencias.desasociar.texto2")}</p>
          </>
        }
      >
        <div className="space-y-4">
          {error && (
            <Alert tono="error" titulo={t("agencias.desasociar.error")}>
              {error}
            </Alert>
          )}
          <BotonesDeDialogo
            cancelar={t("agencias.desasociar.cancelar")}
            enviar={desasociar.isPending ? t("agencias.desasociar.desasociando") : t("agencias.desasociar.confirmar")}
            pendiente={desasociar.isPending}
            alCancelar={() => setAbierto(false)}
            alEnviar={() => desasociar.mutate()}
            peligro
          />
        </div>
      </Dialogo>
    </>
  );
}
