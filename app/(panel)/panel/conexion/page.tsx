import type { Metadata } from "next";
import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { FormularioConexion } from "@/components/conexion/formulario-conexion";
import { ProbarConexion } from "@/components/conexion/probar-conexion";
import { Card } from "@/components/ui/card";
import { getTextos } from "@/lib/panel/i18n/servidor";
import { requireUser } from "@/lib/panel/session";
import { findWorkspace } from "@/lib/panel/workspaces";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTextos()).conexion.titulo };
}

/**
 * The workspace's API connection (decisions §12, ADR 0015), admin only: its URL and AppKey, a test,
 * and the form to change them. The AppSecret is never read here (findWorkspace has no such column).
 */
export default async function ConexionPage() {
  const user = await requireUser({ roles: ["admin"], next: "/panel/conexion" });
  const t = (await getTextos()).conexion;
  const workspace = await findWorkspace(user.workspace.id);
  if (!workspace) notFound();
  const filas: [string, ReactNode][] = [
    [t.espacio, workspace.name],
    [
      t.url,
      <code key="url" className="break-all font-mono text-sm">
        {workspace.apiBaseUrl}
      </code>,
    ],
    [
      t.appKey,
      <code key="appkey" className="break-all font-mono text-sm">
        {workspace.appKey}
      </code>,
    ],
    [t.appSecret, t.secretoOculto],
  ];
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t.titulo}</h1>
        <p className="mt-1 text-slate-600">{t.descripcion}</p>
      </div>
      <Card titulo={t.actual} descripcion={t.actualTexto}>
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
      <Card titulo={<span id="titulo-cambiar">{t.cambiar.titulo}</span>} descripcion={t.cambiar.texto}>
        <FormularioConexion actual={{ apiBaseUrl: workspace.apiBaseUrl, appKey: workspace.appKey }} />
      </Card>
    </div>
  );
}
