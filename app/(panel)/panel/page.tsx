import Link from "next/link";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { enlaceClass } from "@/components/ui/button-class";
import { Card } from "@/components/ui/card";
import { areasFor, homeFor } from "@/lib/panel/areas";
import { exigirUsuario } from "@/lib/panel/session";

export default async function PanelHome() {
  const user = await exigirUsuario({ next: "/panel" });
  if (homeFor(user.role) !== "/panel") redirect(homeFor(user.role));
  const rol = user.role === "admin" ? "admin" : "soporte";
  const t = await getTranslations();
  const descripcion = (clave: string) => {
    const key = `inicio.descripciones.${clave}.${rol}` as const;
    return t.has(key as never) ? t(key as never) : undefined;
  };
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t("inicio.hola", { nombre: user.name ?? "none" })}</h1>
        <p className="mt-1 text-slate-600">{t("inicio.espacio", { espacio: user.workspace.name })}</p>
      </div>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {areasFor(user.role).map((area) => (
          <li key={area.href}>
            <Card as="article" titulo={t(`marco.areas.${area.clave}`)} descripcion={descripcion(area.clave)} className="h-full">
              <Link href={area.href} className={enlaceClass("text-sm")}>
                {t("inicio.ir", { area: t(`marco.areas.${area.clave}`) })}
                <span aria-hidden="true"> →</span>
              </Link>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}
