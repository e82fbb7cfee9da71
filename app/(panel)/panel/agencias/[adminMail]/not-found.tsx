import Link from "next/link";
import { Card } from "@/components/ui/card";
import { getTextos } from "@/lib/panel/i18n/servidor";

/** An agency the app does not have (never invited, or detached). */
export default async function AgenciaNoEncontrada() {
  const t = (await getTextos()).agencias.noEncontrada;
  return (
    <Card as="div" className="mx-auto max-w-xl">
      <p className="text-sm font-semibold uppercase tracking-wide text-slate-500">{t.error}</p>
      <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900">{t.titulo}</h1>
      <p className="mt-3 text-slate-700">{t.texto}</p>
      <Link href="/panel/agencias" className="mt-6 inline-block text-sm font-semibold text-marca-700 hover:text-marca-900 hover:underline">
        {t.volver}
      </Link>
    </Card>
  );
}
