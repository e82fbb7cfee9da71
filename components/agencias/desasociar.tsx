"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { useTextos } from "@/components/panel/idioma";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ErrorDelPanel, enviar } from "./enviar";

/**
 * Detach (admin): a button that opens a modal confirmation (native <dialog>: focus moves into it,
 * Escape closes it), then PATCH /panel/agencias/{adminMail}/desasociar. Back on the list afterwards.
 */
export function Desasociar({ adminMail, nombre }: { adminMail: string; nombre: string }) {
  const textos = useTextos().agencias;
  const t = textos.desasociar;
  const router = useRouter();
  const dialogo = useRef<HTMLDialogElement>(null);
  const [error, setError] = useState<string>();

  const desasociar = useMutation({
    mutationFn: () => enviar<void>(`/panel/agencias/${encodeURIComponent(adminMail)}/desasociar`, "PATCH", undefined, textos.envio),
    onSuccess: () => {
      dialogo.current?.close();
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
          dialogo.current?.showModal();
        }}
      >
        {t.boton}
      </Button>
      <dialog
        ref={dialogo}
        aria-labelledby="desasociar-titulo"
        aria-describedby="desasociar-descripcion"
        className="m-auto w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-xl backdrop:bg-slate-900/50"
      >
        <h2 id="desasociar-titulo" className="text-lg font-semibold text-slate-900">
          {t.titulo(nombre)}
        </h2>
        <div id="desasociar-descripcion" className="mt-2 space-y-2 text-sm text-slate-700">
          <p>{t.texto1}</p>
          <p>{t.texto2}</p>
        </div>
        {error && (
          <div className="mt-4">
            <Alert tono="error" titulo={t.error}>
              {error}
            </Alert>
          </div>
        )}
        <div className="mt-6 flex justify-end gap-3">
          <Button variante="secundario" autoFocus onClick={() => dialogo.current?.close()} disabled={desasociar.isPending}>
            {t.cancelar}
          </Button>
          <Button variante="peligro" cargando={desasociar.isPending} onClick={() => desasociar.mutate()}>
            {desasociar.isPending ? t.desasociando : t.confirmar}
          </Button>
        </div>
      </dialog>
    </>
  );
}
