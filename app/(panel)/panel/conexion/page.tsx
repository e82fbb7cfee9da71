import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { FormularioConexion } from "@/components/conexion/formulario-conexion";
import { ProbarConexion } from "@/components/conexion/probar-conexion";
import { Card } from "@/components/ui/card";
import { exigirUsuario } from "@/lib/panel/session";
import { buscarEspacio } from "@/lib/panel/workspaces";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("conexion.titulo") };
}

/**
 * The workspace's API connection (docs/contract.md#dashboard-roles, decisions 0015), admin only: its URL and AppKey, a test,
 * and the form to change them. The AppSecret is never read here (buscarEspacio has no such column).
 */
export default async function ConexionPage() {
  const user = await exigirUsuario({ roles: ["admin"], next: "/panel/conexion" });
  const t = await getTranslations();
  const workspace = await buscarEspacio(user.workspace.id);
  if (!workspace) notFound();
  const filas: [string, ReactNode][] = [
    [t("conexion.espacio"), workspace.name],
    [
      t("conexion.url"),
      <code key="url" className="break-all font-mono text-sm">
        {workspace.apiBaseUrl}
      </code>,
    ],
    [
      t("conexion.appKey"),
      <code key="appkey" className="break-all font-mono text-sm">
        {workspace.appKey}
      </code>,
    ],
    [t("conexion.appSecret"), t("conexion.secretoOculto")],
  ];
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t("conexion.titulo")}</h1>
        <p className="mt-1 text-slate-600">{t("conexion.descripcion")}</p>
      </div>
      <Card titulo={t("conexion.actual")} descripcion={t("conexion.actualTexto")}>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          {filas.map(([etiqueta, valor]) => (
            <div key={etiqueta} className="contents">
              <dt className="font-medium text-slate-600">{etiqueta}</dt>
              <dd className="text-slate-900">{valor}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-6">
          <ProbarConexion />
        </div>
      </Card>
      <Card titulo={<span id="titulo-cambiar">{t("conexion.cambiar.titulo")}</span>} descripcion={t("conexion.cambiar.texto")}>
        <FormularioConexion actual={{ apiBaseUrl: workspace.apiBaseUrl, appKey: workspace.appKey }} />
      </Card>
    </div>
  );
}
