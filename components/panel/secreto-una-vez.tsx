"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";

const MENSAJES = { secreto: "notificaciones.secreto", contrasena: "equipo.contrasena" } as const;

/**
 * The secret just saved (a webhook's, or a Panel user's password), shown this one time: the server
 * never returns it, and the panel keeps it only in this component's memory (leaving the page forgets
 * it). `tipo` names what it is: a webhook's secret or a password.
 */
export function SecretoUnaVez({ secreto, tipo }: { secreto: string; tipo: keyof typeof MENSAJES }) {
  const t = useTranslations(MENSAJES[tipo]);
  const [copiado, setCopiado] = useState<"si" | "no" | undefined>();

  async function copiar() {
    try {
      await navigator.clipboard.writeText(secreto);
      setCopiado("si");
    } catch {
      setCopiado("no");
    }
  }

  return (
    <div className="space-y-3 rounded-xl border border-amber-200 bg-amber-50 p-4">
      <p className="text-sm font-semibold text-amber-900">{t("copiaAhora")}</p>
      <p className="text-sm text-amber-900">{t("uso")}</p>
      <div className="flex flex-wrap items-center gap-3">
        <code
          data-testid="secreto-nuevo"
          className="min-w-0 flex-1 break-all rounded-lg border border-amber-300 bg-white px-3 py-2 font-mono text-sm text-slate-900"
        >
          {secreto}
        </code>
        <Button variante="secundario" onClick={copiar}>
          {t("copiar")}
        </Button>
      </div>
      <p aria-live="polite" className="text-sm text-amber-900">
        {copiado === "si" ? t("copiado") : copiado === "no" ? t("noCopiado") : ""}
      </p>
    </div>
  );
}
