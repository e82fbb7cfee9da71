"use client";

import { useTextos } from "@/components/panel/idioma";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

/** An unexpected failure of the inbox (the expected ones, like the API being down, are shown in the page). */
export default function ErrorConsultas({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTextos();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t.consultas.titulo}</h1>
      <Alert tono="error" titulo={t.consultas.errorTitulo}>
        {t.consultas.errorTexto}
      </Alert>
      <Button variante="secundario" onClick={reset}>
        {t.comun.reintentar}
      </Button>
    </div>
  );
}
