import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { Encabezado } from "@/components/panel/encabezado";
import { MensajesDe } from "@/components/panel/mensajes";
import { Providers } from "@/components/panel/providers";
import { areasFor } from "@/lib/panel/areas";
import { exigirUsuario } from "@/lib/panel/session";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: { default: t("marco.titulo"), template: `%s · ${t("marco.titulo")} · Vitrina` }, robots: { index: false } };
}

export default async function PanelLayout({ children }: { children: ReactNode }) {
  const user = await exigirUsuario();
  const t = await getTranslations();
  const areas = areasFor(user.role).map(({ clave, href }) => ({ href, label: t(`marco.areas.${clave}`) }));
  return (
    <MensajesDe>
      <Providers>
        <a
          href="#contenido"
          className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-10 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:shadow"
        >
          {t("marco.saltar")}
        </a>
        {/* A page marked data-ancho="amplio" (the inbox's tables) takes a large screen's width, header included. */}
        <div className="group/marco flex min-h-screen flex-col">
          <Encabezado
            espacio={user.workspace.name}
            email={user.email}
            rol={t(`marco.roles.${user.role}`)}
            areas={areas}
            buscar={user.role !== "agencia"}
          />
          <main
            id="contenido"
            tabIndex={-1}
            className="mx-auto w-full max-w-6xl flex-1 px-6 py-8 group-has-[[data-ancho=amplio]]/marco:max-w-[96rem] focus:outline-none"
          >
            {children}
          </main>
        </div>
      </Providers>
    </MensajesDe>
  );
}
