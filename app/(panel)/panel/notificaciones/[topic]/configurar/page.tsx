import type { Metadata } from "next";
import { Suspense } from "react";
import { Cargando } from "@/components/notificaciones/cargando";
import { FormularioWebhook } from "@/components/notificaciones/formulario-webhook";
import { Alert } from "@/components/ui/alert";
import { Migas } from "@/components/ui/migas";
import type { AppWebhook } from "@/lib/api/webhooks";
import { getTextos } from "@/lib/panel/i18n/servidor";
import { descripcionTopico, tituloTopico } from "@/lib/panel/notificaciones/limites";
import { EDITORES, topicoDeRuta } from "@/lib/panel/notificaciones/servidor";
import { requireUser } from "@/lib/panel/session";
import { isV3Status, v3ClientFor } from "@/lib/panel/v3-client";

type Props = { params: Promise<{ topic: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const textos = (await getTextos()).notificaciones;
  return { title: textos.configurar.metaTitulo(tituloTopico(decodeURIComponent((await params).topic), textos)) };
}

/** Configure or edit one topic's webhook (admin only). */
export default async function ConfigurarPage({ params }: Props) {
  const raw = (await params).topic;
  const user = await requireUser({ roles: EDITORES, next: `/panel/notificaciones/${raw}/configurar` });
  const topic = topicoDeRuta(raw);
  const textos = (await getTextos()).notificaciones;
  const t = textos.configurar;
  const titulo = tituloTopico(topic, textos);

  return (
    <div className="space-y-6">
      <Migas etiqueta={t.ruta} seccion={textos.titulo} href="/panel/notificaciones" actual={t.metaTitulo(titulo)} />
      <Suspense fallback={<Cargando mensaje={t.cargando} bloques={1} alto="h-96" />}>
        <Contenido workspaceId={user.workspace.id} topic={topic} />
      </Suspense>
    </div>
  );
}

/** The heading and the form, once the current configuration (if any) is read from the API v3. */
async function Contenido({ workspaceId, topic }: { workspaceId: string; topic: string }) {
  const textos = (await getTextos()).notificaciones;
  const t = textos.configurar;
  const titulo = tituloTopico(topic, textos);
  let actual: AppWebhook | null = null;
  let error: string | undefined;
  try {
    const client = await v3ClientFor(workspaceId);
    const { _entries } = await client.listAppNotificaciones();
    const entry = _entries.find((candidate) => candidate.Topic === topic);
    if (!entry) error = t.noTopico(topic);
    else if (!entry.Disponible) error = t.noHabilitado;
    else if (entry.Configurado) {
      actual = await client.getAppNotificacion(topic).catch((cause) => (isV3Status(cause, 404) ? null : Promise.reject(cause)));
    }
  } catch (cause) {
    error = t.errorLeer(cause instanceof Error ? cause.message : t.inesperado);
  }

  return (
    <>
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{actual ? t.editar(titulo) : t.configurar(titulo)}</h1>
        <p className="mt-1 text-slate-600">{descripcionTopico(topic, textos) ?? textos.topico(topic)}</p>
      </div>
      {error ? (
        <Alert tono="error" titulo={t.noSePuede}>
          {error}
        </Alert>
      ) : (
        <FormularioWebhook topic={topic} actual={actual} />
      )}
    </>
  );
}
