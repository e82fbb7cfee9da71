import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { FormularioIngreso } from "@/components/panel/formulario-ingreso";
import { MensajesDe } from "@/components/panel/mensajes";
import { SelectorIdioma } from "@/components/panel/selector-idioma";
import { safeNext } from "@/lib/panel/areas";
import { mensajeDeIngreso } from "@/lib/panel/ingreso";
import { leerUsuarioActual } from "@/lib/panel/session";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("ingreso.titulo"), robots: { index: false } };
}

export default async function IngresarPage({
  searchParams,
}: {
  searchParams: Promise<{ next?: string | string[]; error?: string | string[] }>;
}) {
  const params = await searchParams;
  const next = safeNext(typeof params.next === "string" ? params.next : undefined);
  const user = await leerUsuarioActual();
  if (user) redirect(next);
  const t = await getTranslations();
  return (
    <MensajesDe areas={["ingreso"]}>
      <div className="flex min-h-screen flex-col bg-gradient-to-b from-marca-50 to-slate-50">
        <header className="border-b border-slate-200 bg-white/80">
          <div className="mx-auto flex max-w-md flex-wrap items-center gap-2 px-6 py-4">
            <span aria-hidden="true" className="grid h-8 w-8 place-items-center rounded-lg bg-marca-700 text-sm font-bold text-white">
              V
            </span>
            <span className="text-lg font-semibold tracking-tight text-slate-900">Vitrina</span>
            <span className="text-sm text-slate-600">Panel</span>
            <SelectorIdioma className="ml-auto" />
          </div>
        </header>
        <main className="mx-auto w-full max-w-md flex-1 px-6 py-12">
          <section className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm" aria-labelledby="titulo-ingreso">
            <h1 id="titulo-ingreso" className="text-2xl font-bold tracking-tight text-slate-900">
              {t("ingreso.encabezado")}
            </h1>
            <p className="mt-2 text-sm text-slate-600">{t("ingreso.ayuda")}</p>
            <div className="mt-6">
              <FormularioIngreso
                next={next}
                errorInicial={
                  typeof params.error === "string" && params.error ? mensajeDeIngreso(params.error, t, t("ingreso.genericoUrl")) : undefined
                }
              />
            </div>
          </section>
          <p className="mt-6 text-center text-xs text-slate-500">{t("ingreso.olvido")}</p>
        </main>
        <footer className="px-6 py-6 text-center text-xs text-slate-500">{t("ingreso.pie")}</footer>
      </div>
    </MensajesDe>
  );
}
