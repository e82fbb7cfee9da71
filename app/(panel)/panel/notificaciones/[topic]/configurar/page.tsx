import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { Cargando } from "@/components/notificaciones/cargando";
import { FormularioWebhook } from "@/components/notificaciones/formulario-webhook";
import { Alert } from "@/components/ui/alert";
import { Migas } from "@/components/ui/migas";
import { EDITORES, topicoDeRuta } from "@/lib/panel/notificaciones/rutas";
import { descripcionTopico, tituloTopico } from "@/lib/panel/notificaciones/topicos";
import { exigirUsuario } from "@/lib/panel/session";
import { esEstadoV3, v3ClientFor } from "@/lib/panel/v3-client";
import type { AppWebhook, Topic } from "@/lib/panel/v3-tipos";

type Props = { params: Promise<{ topic: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("notificaciones.configurar.metaTitulo", { titulo: tituloTopico(decodeURIComponent((await params).topic), t) }) };
}

/** Configure or edit one topic's webhook (admin only). */
export default async function ConfigurarPage({ params }: Props) {
  const raw = (await params).topic;
  const user = await exigirUsuario({ roles: EDITORES, next: `/panel/notificaciones/${raw}/configurar` });
  const topic = topicoDeRuta(raw);
  const t = await getTranslations();
  const titulo = tituloTopico(topic, t);

  return (
    <div className="space-y-6">
      <Migas
        etiqueta={t("notificaciones.configurar.ruta")}
        seccion={t("notificaciones.titulo")}
        href="/panel/notificaciones"
        actual={t("notificaciones.configurar.metaTitulo", { titulo })}
      />
      <Suspense fallback={<Cargando mensaje={t("notificaciones.configurar.cargando")} bloques={1} alto="h-96" />}>
        <Contenido workspaceId={user.workspace.id} topic={topic} />
      </Suspense>
    </div>
  );
}

/** The heading and the form, once the current configuration (if any) is read from the API v3. */
async function Contenido({ workspaceId, topic }: { workspaceId: string; topic: Topic }) {
  const t = await getTranslations();
  const titulo = tituloTopico(topic, t);
  let actual: AppWebhook | null = null;
  let error: string | undefined;
  try {
    const client = await v3ClientFor(workspaceId);
    const { _entries } = await client.listAppNotificaciones();
    const entry = _entries.find((candidate) => candidate.Topic === topic);
    if (!entry) error = t("notificaciones.configurar.noTopico", { topic });
    else if (!entry.Disponible) error = t("notificaciones.configurar.noHabilitado");
    else if (entry.Configurado) {
      actual = await client.getAppNotificacion(topic).catch((cause) => (esEstadoV3(cause, 404) ? null : Promise.reject(cause)));
    }
  } catch (cause) {
    error = t("notificaciones.configurar.errorLeer", {
      mensaje: cause instanceof Error ? cause.message : t("notificaciones.configurar.inesperado"),
    });
  }

  return (
    <>
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">
          {actual ? t("notificaciones.configurar.editar", { titulo }) : t("notificaciones.configurar.configurar", { titulo })}
        </h1>
        <p className="mt-1 text-slate-600">{descripcionTopico(topic, t) ?? t("notificaciones.topico", { topic })}</p>
      </div>
      {error ? (
        <Alert tono="error" titulo={t("notificaciones.configurar.noSePuede")}>
          {error}
        </Alert>
      ) : (
        <FormularioWebhook topic={topic} actual={actual} />
      )}
    </>
  );
}
