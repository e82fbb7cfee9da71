import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { BuscadorGlobal } from "@/components/consultas/buscador-global";
import { BotonSalir } from "./boton-salir";
import { MenuMovil } from "./menu-movil";
import { Navegacion } from "./navegacion";
import { SelectorIdioma } from "./selector-idioma";

/** The dashboard header: brand and workspace, the sections of the user's role, the search across agencies (admin, soporte), who is signed in and Salir, and the language switch; on a phone all but brand and workspace behind the menu button. */
export async function Encabezado({
  espacio,
  email,
  rol,
  areas,
  buscar,
}: {
  espacio: string;
  email: string;
  rol: string;
  areas: { href: string; label: string }[];
  /** admin and soporte search enquiries across agencies from any page. */
  buscar: boolean;
}) {
  const t = await getTranslations();
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap group-has-[[data-ancho=amplio]]/marco:max-w-[96rem] items-center gap-x-4 gap-y-3 px-4 py-3 sm:px-6 md:gap-x-6">
        <Link
          href="/panel"
          className="flex min-h-11 items-center gap-2 rounded-lg focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-marca-700"
        >
          <span aria-hidden="true" className="grid h-8 w-8 place-items-center rounded-lg bg-marca-700 text-sm font-bold text-white">
            V
          </span>
          <span className="text-lg font-semibold tracking-tight text-slate-900">Vitrina</span>
          <span className="sr-only">{t("marco.inicio")}</span>
        </Link>
        <p className="min-w-0 truncate rounded-md bg-slate-100 px-2 py-1 text-sm text-slate-700">
          <span className="sr-only">{t("marco.espacio")}</span>
          <span data-testid="espacio">{espacio}</span>
        </p>
        <MenuMovil etiqueta={t("marco.menu")}>
          <Navegacion areas={areas} inicio={t("marco.areas.inicio")} etiqueta={t("marco.secciones")} />
          <div className="flex flex-wrap items-center gap-3 md:ml-auto">
            <p className="min-w-0 text-sm leading-tight md:text-right">
              <span className="block font-medium break-words text-slate-900" data-testid="usuario">
                {email}
              </span>
              <span className="block text-slate-600" data-testid="rol">
                {rol}
              </span>
            </p>
            <SelectorIdioma />
            <BotonSalir texto={t("marco.salir")} />
          </div>
        </MenuMovil>
      </div>
      {buscar && (
        <div className="border-t border-slate-100 bg-slate-50">
          <div className="mx-auto max-w-6xl px-4 py-2 sm:px-6 group-has-[[data-ancho=amplio]]/marco:max-w-[96rem]">
            <BuscadorGlobal
              etiqueta={t("marco.buscar")}
              ejemplos={{ largo: t("marco.buscarEjemplo"), corto: t("marco.buscarEjemploCorto") }}
              atajo={t("marco.buscarAtajo")}
            />
          </div>
        </div>
      )}
    </header>
  );
}
