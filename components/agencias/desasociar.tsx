"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTextos } from "@/components/panel/idioma";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { BotonesDeDialogo, Dialogo } from "@/components/ui/dialogo";
import { ErrorDelPanel, enviar } from "./enviar";

/**
 * Detach (admin): a button that opens a modal confirmation (components/ui/dialogo.tsx: focus moves
 * into it, Escape closes it), then PATCH /panel/agencias/{adminMail}/desasociar. Back on the list afterwards.
 */
export function Desasociar({ adminMail, nombre }: { adminMail: string; nombre: string }) {
  const textos = useTextos().agencias;
  const t = textos.desasociar;
  const router = useRouter();
  const [abierto, setAbierto] = useState(false);
  const [error, setError] = useState<string>();

  const desasociar = useMutation({
    mutationFn: () => enviar<void>(`/panel/agencias/${encodeURIComponent(adminMail)}/desasociar`, "PATCH", undefined, textos.envio),
    onSuccess: () => {
      setAbierto(false);
      router.push(`/panel/agencias?desasociada=${encodeURIComponent(adminMail)}`);
      router.refresh();
    },
    onError: (failure) => {
      setError(failure instanceof ErrorDelPanel ? (failure.problema.Detail ?? failure.problema.Title) : textos.envio.inesperadoCorto);
    },
  });

  return (
    <>
      <Button
        variante="peligro"
        onClick={() => {
          setError(undefined);
          setAbierto(true);
        }}
      >
        {t.boton}
      </Button>
      <Dialogo
        abierto={abierto}
        alCerrar={() => setAbierto(false)}
        titulo={t.titulo(nombre)}
        descripcion={
          <>
            <p>{t.texto1}</p>
            <p>{t.texto2}</p>
          </>
        }
      >
        <div className="space-y-4">
          {error && (
            <Alert tono="error" titulo={t.error}>
              {error}
            </Alert>
          )}
          <BotonesDeDialogo
            cancelar={t.cancelar}
            enviar={desasociar.isPending ? t.desasociando : t.confirmar}
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
