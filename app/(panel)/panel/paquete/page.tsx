import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { Cargando } from "@/components/agencias/cargando";
import { Paquete } from "@/components/agencias/paquete";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { obtenerProductos } from "@/lib/panel/agencias/datos";
import { limitesFechas } from "@/lib/panel/consultas/filtros";
import { explicarFalla } from "@/lib/panel/fallas";
import { zonaHorariaDelPanel } from "@/lib/panel/i18n/zona-horaria";
import { type CurrentUser, exigirUsuario } from "@/lib/panel/session";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("paquete.titulo") };
}

async function PaqueteDeMiAgencia({ user, adminMail }: { user: CurrentUser; adminMail: string }) {
  const t = await getTranslations();
  try {
    const productos = await obtenerProductos(user, adminMail);
    return productos ? (
      <Card titulo={productos.Plan ?? t("paquete.tuPaquete")} descripcion={t("paquete.tuPaqueteTexto")}>
        <Paquete productos={productos} hoy={limitesFechas(zonaHorariaDelPanel()).hoy} />
      </Card>
    ) : (
      <Alert tono="aviso" titulo={t("paquete.sinPaquete")}>
        {t("paquete.sinPaqueteTexto")}
      </Alert>
    );
  } catch (error) {
    return (
      <Alert tono="error" titulo={t("paquete.error")}>
        {explicarFalla(error, t)}
      </Alert>
    );
  }
}

/**
 * The package of the agency an `agencia` user belongs to (docs/contract.md#dashboard-roles): only theirs, read-only.
 * The role check runs before anything streams (a route loading.tsx would send 200 before a 403).
 */
export default async function PaquetePage() {
  const user = await exigirUsuario({ roles: ["agencia"], next: "/panel/paquete" });
  const adminMail = user.agency?.adminMail;
  const t = await getTranslations();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t("paquete.titulo")}</h1>
        {adminMail && <p className="mt-1 text-slate-600">{t("paquete.descripcion", { mail: adminMail })}</p>}
      </div>
      {adminMail ? (
        <Suspense fallback={<Cargando texto={t("paquete.cargando")} filas={5} />}>
          <PaqueteDeMiAgencia user={user} adminMail={adminMail} />
        </Suspense>
      ) : (
        <Alert tono="aviso" titulo={t("paquete.sinAgencia")}>
          {t("paquete.sinAgenciaTexto")}
        </Alert>
      )}
    </div>
  );
}
