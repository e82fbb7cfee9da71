"use client";

import { useMutation } from "@tanstack/react-query";
import { ErrorDelPanel, enviar } from "@/components/agencias/enviar";
import { useTextos } from "@/components/panel/idioma";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { Prueba } from "@/lib/panel/conexion/limites";
import { ResultadoPrueba } from "./resultado-prueba";
import { useTextosConexion } from "./textos";

/** "Probar conexión": POST /panel/conexion/prueba, a signed GET /v3 from the server with the saved connection. */
export function ProbarConexion() {
  const textos = useTextos();
  const t = useTextosConexion();
  const probar = useMutation({ mutationFn: () => enviar<Prueba>("/panel/conexion/prueba", "POST", undefined, textos.agencias.envio) });
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <Button variante="secundario" cargando={probar.isPending} onClick={() => probar.mutate()} aria-describedby="probar-ayuda">
          {probar.isPending ? t.probando : t.probar}
        </Button>
        <p id="probar-ayuda" className="text-xs text-slate-500">
          {t.probarAyuda}
        </p>
      </div>
      <div aria-live="polite" aria-atomic="true">
        {probar.data && !probar.isPending && <ResultadoPrueba prueba={probar.data} />}
        {probar.isError && (
          <Alert tono="error" titulo={t.prueba.error}>
            {probar.error instanceof ErrorDelPanel
              ? (probar.error.problema.Detail ?? probar.error.problema.Title)
              : textos.agencias.envio.inesperado}
          </Alert>
        )}
      </div>
    </div>
  );
}
