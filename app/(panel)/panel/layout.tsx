import type { Metadata } from "next";
import type { ReactNode } from "react";
import { Encabezado } from "@/components/panel/encabezado";
import { IdiomaProvider } from "@/components/panel/idioma";
import { Providers } from "@/components/panel/providers";
import { areasFor } from "@/lib/panel/areas";
import { getIdioma, textosDe } from "@/lib/panel/i18n/servidor";
import { requireUser } from "@/lib/panel/session";

export async function generateMetadata(): Promise<Metadata> {
  const t = textosDe(await getIdioma());
  return { title: { default: t.marco.titulo, template: `%s · ${t.marco.titulo} · Vitrina` }, robots: { index: false } };
}

export default async function PanelLayout({ children }: { children: ReactNode }) {
  const user = await requireUser();
  const idioma = await getIdioma();
  const t = textosDe(idioma);
  const areas = areasFor(user.role).map(({ href }) => ({ href, label: t.marco.areas[href] }));
  return (
    <IdiomaProvider idioma={idioma}>
      <Providers>
        <a
          href="#contenido"
          className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-10 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:shadow"
        >
          {t.marco.saltar}
        </a>
        <div className="flex min-h-screen flex-col">
          <Encabezado espacio={user.workspace.name} email={user.email} rol={t.marco.roles[user.role]} areas={areas} />
          <main id="contenido" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-6 py-8 focus:outline-none">
            {children}
          </main>
        </div>
      </Providers>
    </IdiomaProvider>
  );
}
