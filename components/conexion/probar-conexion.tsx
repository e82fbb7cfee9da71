"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { enviar, unaLinea, useExplicar } from "@/components/panel/enviar";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { Prueba } from "@/lib/panel/conexion/formulario";
import { ResultadoPrueba } from "./resultado-prueba";

/** "Probar conexión": POST /panel/conexion/prueba, a signed GET /v3 from the server with the saved connection. */
export function ProbarConexion() {
  const t = useTranslations();
  const explicar = useExplicar();
  const probar = useMutation({ mutationFn: () => enviar<Prueba>("/panel/conexion/prueba", "POST") });
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <Button variante="secundario" cargando={probar.isPending} onClick={() => probar.mutate()} aria-describedby="probar-ayuda">
          {probar.isPending ? t("conexion.probando") : t("conexion.probar")}
        </Button>
        <p id="probar-ayuda" className="text-xs text-slate-500">
          {t("conexion.probarAyuda")}
        </p>
      </div>
      <div aria-live="polite" aria-atomic="true">
        {probar.data && !probar.isPending && <ResultadoPrueba prueba={probar.data} />}
        {probar.isError && (
          <Alert tono="error" titulo={t("conexion.prueba.error")}>
            {unaLinea(explicar(probar.error))}
          </Alert>
        )}
      </div>
    </div>
  );
}
