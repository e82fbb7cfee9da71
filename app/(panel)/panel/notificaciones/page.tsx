import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { Cargando } from "@/components/notificaciones/cargando";
import { TarjetaTopico, type TopicoPanel } from "@/components/notificaciones/tarjeta-topico";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import type { Traductor } from "@/lib/panel/i18n/idiomas";
import { LECTORES } from "@/lib/panel/notificaciones/rutas";
import { exigirUsuario } from "@/lib/panel/session";
import { esEstadoV3, V3Error, v3ClientFor } from "@/lib/panel/v3-client";
import type { AppWebhook } from "@/lib/panel/v3-tipos";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("notificaciones.titulo") };
}

const problema = (error: unknown, t: Traductor) => (error instanceof V3Error ? error.message : t("notificaciones.inesperado"));

export default async function NotificacionesPage() {
  const user = await exigirUsuario({ roles: LECTORES, next: "/panel/notificaciones" });
  const puedeEditar = user.role === "admin";
  const t = await getTranslations();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t("notificaciones.titulo")}</h1>
        <p className="mt-1 max-w-3xl text-slate-600">
          {puedeEditar ? t("notificaciones.descripcionAdmin") : t("notificaciones.descripcionSoporte")}
        </p>
      </div>
      <Suspense fallback={<Cargando mensaje={t("notificaciones.cargando")} />}>
        <Topicos workspaceId={user.workspace.id} puedeEditar={puedeEditar} />
      </Suspense>
      <p className="text-sm text-slate-600">
        {`${t("notificaciones.firmasAntes")} `}
        <code className="rounded bg-slate-100 px-1 text-xs">Notification-Signature</code>
        {` ${t("notificaciones.firmasY")} `}
        <code className="rounded bg-slate-100 px-1 text-xs">webhook-signature</code>
        {` ${t("notificaciones.firmasDespues")}`}
      </p>
    </div>
  );
}

/** The topics of the app, read from the API v3 (each configured one with its configuration). */
async function Topicos({ workspaceId, puedeEditar }: { workspaceId: string; puedeEditar: boolean }) {
  const t = await getTranslations();
  let topicos: TopicoPanel[];
  try {
    const client = await v3ClientFor(workspaceId);
    const { _entries } = await client.listAppNotificaciones();
    topicos = await Promise.all(
      _entries.map(async (entry): Promise<TopicoPanel> => {
        const base = { topic: entry.Topic, disponible: entry.Disponible, configuracion: null };
        if (!entry.Configurado || !entry.Disponible) return base;
        try {
          const configuracion: AppWebhook = await client.getAppNotificacion(entry.Topic);
          return { ...base, configuracion };
        } catch (cause) {
          if (esEstadoV3(cause, 404)) return base;
          return { ...base, error: t("notificaciones.errorConfiguracion", { problema: problema(cause, t) }) };
        }
      }),
    );
  } catch (cause) {
    return (
      <Alert tono="error" titulo={t("notificaciones.errorLeer")}>
        {problema(cause, t)}
      </Alert>
    );
  }
  if (topicos.length === 0) {
    return <Card titulo={t("notificaciones.sinTopicos")} descripcion={t("notificaciones.sinTopicosTexto")} />;
  }
  return (
    <ul className="grid items-start gap-6 lg:grid-cols-2">
      {topicos.map((topico) => (
        <li key={topico.topic}>
          <TarjetaTopico topico={topico} puedeEditar={puedeEditar} />
        </li>
      ))}
    </ul>
  );
}
