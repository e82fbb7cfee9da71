import Link from "next/link";
import { Card } from "@/components/ui/card";
import { getTextos } from "@/lib/panel/i18n/servidor";

/** notFound() inside the panel (e.g. a topic name that cannot exist), in the Panel's language. */
export default async function PanelNoEncontrado() {
  const t = await getTextos();
  return (
    <Card as="div" className="mx-auto max-w-xl">
      <p className="text-sm font-semibold uppercase tracking-wide text-slate-500">{t.noEncontrada.error}</p>
      <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900">{t.noEncontrada.titulo}</h1>
      <p className="mt-3 text-slate-700">{t.noEncontrada.texto}</p>
      <Link href="/panel" className="mt-6 inline-block text-sm font-semibold text-marca-700 hover:text-marca-900 hover:underline">
        {t.comun.volverInicio}
      </Link>
    </Card>
  );
}
