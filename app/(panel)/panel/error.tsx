"use client";

import { useTranslations } from "next-intl";
import { MarcoDeError } from "@/components/panel/marco-de-error";
import { Button } from "@/components/ui/button";

/**
 * An unexpected failure of any Panel page, inside the Panel's frame and in its language (the expected
 * ones, like the API out of reach, are said in the page itself). `retry` fetches the page again. A
 * server error comes with its digest, the id of its line in the server's log: shown small, for whoever
 * looks into it.
 */
export default function ErrorDelPanel({ error, retry }: { error: unknown; retry: () => void }) {
  const t = useTranslations();
  const digest = error instanceof Error && "digest" in error && typeof error.digest === "string" ? error.digest : undefined;
  return (
    <MarcoDeError
      tipo="errorInesperado"
      textos={{ error: t("errorInesperado.error"), titulo: t("errorInesperado.titulo"), texto: t("errorInesperado.texto") }}
      volver={t("comun.volverInicio")}
      accion={<Button onClick={() => retry()}>{t("comun.reintentar")}</Button>}
      pie={
        digest && (
          <p className="mt-6 text-xs text-slate-600" data-testid="codigo-error">
            {t("errorInesperado.codigo")} <code className="font-mono">{digest}</code>
          </p>
        )
      }
    />
  );
}
