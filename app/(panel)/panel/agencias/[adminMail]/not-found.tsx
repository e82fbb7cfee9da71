import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { enlaceClass } from "@/components/ui/button-class";
import { Card } from "@/components/ui/card";

/** An agency the app does not have (never invited, or detached). */
export default async function AgenciaNoEncontrada() {
  const t = await getTranslations();
  return (
    <Card as="div" className="mx-auto max-w-xl">
      <p className="text-sm font-semibold uppercase tracking-wide text-slate-500">{t("agencias.noEncontrada.error")}</p>
      <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900">{t("agencias.noEncontrada.titulo")}</h1>
      <p className="mt-3 text-slate-700">{t("agencias.noEncontrada.texto")}</p>
      <Link href="/panel/agencias" className={enlaceClass("mt-6 text-sm")}>
        {t("agencias.noEncontrada.volver")}
      </Link>
    </Card>
  );
}
