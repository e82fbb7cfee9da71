import Link from "next/link";
import { Card } from "@/components/ui/card";
import { getTextos } from "@/lib/panel/i18n/servidor";

const TONOS = { noEncontrada: "text-slate-500", sinPermiso: "text-amber-700" } as const;

/** The Panel's 404 and 403 pages, in the Panel's language, with the way back to its start. */
export async function PaginaDeError({ tipo }: { tipo: keyof typeof TONOS }) {
  const t = await getTextos();
  const { error, titulo, texto } = t[tipo];
  return (
    <Card as="div" className="mx-auto max-w-xl">
      <p className={`text-sm font-semibold uppercase tracking-wide ${TONOS[tipo]}`}>{error}</p>
      <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900">{titulo}</h1>
      <p className="mt-3 text-slate-700">{texto}</p>
      <Link href="/panel" className="mt-6 inline-block text-sm font-semibold text-marca-700 hover:text-marca-900 hover:underline">
        {t.comun.volverInicio}
      </Link>
    </Card>
  );
}
