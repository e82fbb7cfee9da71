import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import { Cargando } from "@/components/notificaciones/cargando";
import { ListaEntregas } from "@/components/notificaciones/lista-entregas";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { buttonClass } from "@/components/ui/button-class";
import { Card } from "@/components/ui/card";
import { Migas } from "@/components/ui/migas";
import type { Entregas } from "@/lib/api/entregas";
import { ESTADOS_ENTREGA, type EstadoEntrega } from "@/lib/api/limites";
import { getTextos } from "@/lib/panel/i18n/servidor";
import { tituloTopico } from "@/lib/panel/notificaciones/limites";
import { LECTORES, topicoDeRuta } from "@/lib/panel/notificaciones/servidor";
import { requireUser } from "@/lib/panel/session";
import { isV3Status, V3Error, v3ClientFor } from "@/lib/panel/v3-client";

type Props = {
  params: Promise<{ topic: string }>;
  searchParams: Promise<{ estado?: string | string[]; pagina?: string | string[] }>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const textos = (await getTextos()).notificaciones;
  return { title: textos.entregas.metaTitulo(tituloTopico(decodeURIComponent((await params).topic), textos)) };
}

const uno = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

function leerFiltros(raw: { estado?: string | string[]; pagina?: string | string[] }) {
  const estadoRaw = uno(raw.estado) ?? "";
  const estado = (ESTADOS_ENTREGA as readonly string[]).includes(estadoRaw) ? (estadoRaw as EstadoEntrega) : undefined;
  const paginaRaw = Number(uno(raw.pagina) ?? "1");
  const pagina = Number.isInteger(paginaRaw) && paginaRaw >= 1 && paginaRaw <= 99 ? paginaRaw : 1;
  return { estado, pagina, estadoInvalido: estadoRaw !== "" && !estado };
}

/** The delivery log of one topic: admin and soporte read it; only admin retries. */
export default async function EntregasPage({ params, searchParams }: Props) {
  const raw = (await params).topic;
  const user = await requireUser({ roles: LECTORES, next: `/panel/notificaciones/${raw}/entregas` });
  const topic = topicoDeRuta(raw);
  const { estado, pagina, estadoInvalido } = leerFiltros(await searchParams);
  const puedeReintentar = user.role === "admin";
  const textos = (await getTextos()).notificaciones;
  const t = textos.entregas;
  const etiquetas = textos.estados;
  const titulo = tituloTopico(topic, textos);
  const base = `/panel/notificaciones/${encodeURIComponent(topic)}/entregas`;
  const enlace = (page: number) => {
    const query = new URLSearchParams();
    if (estado) query.set("estado", estado);
    if (page > 1) query.set("pagina", String(page));
    const search = query.toString();
    return search ? `${base}?${search}` : base;
  };

  return (
    <div className="space-y-6">
      <Migas etiqueta={textos.configurar.ruta} seccion={textos.titulo} href="/panel/notificaciones" actual={t.metaTitulo(titulo)} />
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t.titulo(titulo)}</h1>
        <p className="mt-1 max-w-3xl text-slate-600">{`${t.descripcion}${puedeReintentar ? "" : t.soloLectura}`}</p>
      </div>

      <form
        method="get"
        action={base}
        className="flex flex-wrap items-end gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      >
        <div>
          <label htmlFor="estado" className="block text-sm font-medium text-slate-800">
            {t.estado}
          </label>
          <select
            id="estado"
            name="estado"
            defaultValue={estado ?? ""}
            className="mt-1 block rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-marca-600 focus:outline-none focus:ring-2 focus:ring-marca-100"
          >
            <option value="">{t.todos}</option>
            {ESTADOS_ENTREGA.map((value) => (
              <option key={value} value={value}>
                {etiquetas[value]}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variante="secundario">
          {t.filtrar}
        </Button>
        <Link href={enlace(pagina)} className={buttonClass("fantasma")}>
          {t.actualizar}
        </Link>
      </form>
      {estadoInvalido && <Alert tono="aviso">{t.estadoInvalido}</Alert>}
      <Suspense key={`${estado ?? ""}-${pagina}`} fallback={<Cargando mensaje={t.cargando} bloques={3} alto="h-40" />}>
        <Registro
          workspaceId={user.workspace.id}
          topic={topic}
          estado={estado}
          pagina={pagina}
          puedeReintentar={puedeReintentar}
          enlace={enlace}
        />
      </Suspense>
    </div>
  );
}

/** One page of the log, read from the API v3, with the pagination links. */
async function Registro({
  workspaceId,
  topic,
  estado,
  pagina,
  puedeReintentar,
  enlace,
}: {
  workspaceId: string;
  topic: string;
  estado: EstadoEntrega | undefined;
  pagina: number;
  puedeReintentar: boolean;
  enlace: (pagina: number) => string;
}) {
  const textos = (await getTextos()).notificaciones;
  const t = textos.entregas;
  const etiquetas = textos.estados;
  let entregas: Entregas;
  try {
    const client = await v3ClientFor(workspaceId);
    entregas = await client.listEntregas(topic, { estado, pagina });
  } catch (cause) {
    if (isV3Status(cause, 404)) {
      return (
        <Card titulo={t.noConfigurado}>
          <p className="text-sm text-slate-700">{t.noConfiguradoTexto}</p>
          <Link href="/panel/notificaciones" className="mt-3 inline-block text-sm font-semibold text-marca-700 hover:underline">
            {t.volver}
          </Link>
        </Card>
      );
    }
    return (
      <Alert tono="error" titulo={t.error}>
        {cause instanceof V3Error ? cause.message : textos.inesperado}
      </Alert>
    );
  }
  const paginas = Math.min(99, Math.max(1, Math.ceil(entregas.Total / entregas.PerPagina)));
  return (
    <>
      <p className="text-sm text-slate-600" role="status">
        {entregas.Total === 0
          ? estado
            ? t.sinEnEstado(etiquetas[estado])
            : t.sinNotificaciones
          : t.resumen(entregas.Total, estado ? etiquetas[estado] : null, pagina, paginas)}
      </p>
      <ListaEntregas topic={topic} entregas={entregas._entries} puedeReintentar={puedeReintentar} />
      {paginas > 1 && (
        <nav aria-label={t.paginas} className="flex items-center justify-between gap-3">
          {pagina > 1 ? (
            <Link href={enlace(pagina - 1)} className={buttonClass("secundario")} rel="prev">
              <span aria-hidden="true">←</span> {t.anterior}
            </Link>
          ) : (
            <span />
          )}
          <span className="text-sm text-slate-600">{t.pagina(pagina, paginas)}</span>
          {pagina < paginas ? (
            <Link href={enlace(pagina + 1)} className={buttonClass("secundario")} rel="next">
              {t.siguiente} <span aria-hidden="true">→</span>
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </>
  );
}
