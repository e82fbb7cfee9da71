import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { Cargando } from "@/components/notificaciones/cargando";
import { ListaEntregas } from "@/components/notificaciones/lista-entregas";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { buttonClass, enlaceClass } from "@/components/ui/button-class";
import { Card } from "@/components/ui/card";
import { Field, Input } from "@/components/ui/field";
import { Migas } from "@/components/ui/migas";
import { ESTADOS_ENTREGA, LIMITES_SID } from "@/lib/api/limites";
import { LECTORES, topicoDeRuta } from "@/lib/panel/notificaciones/rutas";
import { tituloTopico } from "@/lib/panel/notificaciones/topicos";
import { exigirUsuario } from "@/lib/panel/session";
import { esEstadoV3, V3Error, v3ClientFor } from "@/lib/panel/v3-client";
import type { Entregas, EstadoEntrega, Topic } from "@/lib/panel/v3-tipos";

type Props = {
  params: Promise<{ topic: string }>;
  searchParams: Promise<Crudos>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("notificaciones.entregas.metaTitulo", { titulo: tituloTopico(decodeURIComponent((await params).topic), t) }) };
}

type Crudos = { estado?: string | string[]; sid?: string | string[]; pagina?: string | string[] };

const uno = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** An enquiry's sid as the log's search takes it (a ULID's letters and digits); anything else is ignored, and said. */
const SID = new RegExp(`^[0-9A-Za-z]{${LIMITES_SID.min},${LIMITES_SID.max}}$`);

function leerFiltros(raw: Crudos) {
  const estadoRaw = uno(raw.estado) ?? "";
  const estado = (ESTADOS_ENTREGA as readonly string[]).includes(estadoRaw) ? (estadoRaw as EstadoEntrega) : undefined;
  const sidRaw = uno(raw.sid)?.trim() ?? "";
  const sid = SID.test(sidRaw) ? sidRaw.toUpperCase() : undefined;
  const paginaRaw = Number(uno(raw.pagina) ?? "1");
  const pagina = Number.isInteger(paginaRaw) && paginaRaw >= 1 && paginaRaw <= 99 ? paginaRaw : 1;
  return { estado, sid, sidRaw, pagina, estadoInvalido: estadoRaw !== "" && !estado, sidInvalido: sidRaw !== "" && !sid };
}

/** The delivery log of one topic: admin and soporte read it; only admin retries. */
export default async function EntregasPage({ params, searchParams }: Props) {
  const raw = (await params).topic;
  const user = await exigirUsuario({ roles: LECTORES, next: `/panel/notificaciones/${raw}/entregas` });
  const topic = topicoDeRuta(raw);
  const { estado, sid, sidRaw, pagina, estadoInvalido, sidInvalido } = leerFiltros(await searchParams);
  const puedeReintentar = user.role === "admin";
  const t = await getTranslations();
  const titulo = tituloTopico(topic, t);
  const base = `/panel/notificaciones/${encodeURIComponent(topic)}/entregas`;
  const enlace = (page: number) => {
    const query = new URLSearchParams();
    if (estado) query.set("estado", estado);
    if (sid) query.set("sid", sid);
    if (page > 1) query.set("pagina", String(page));
    const search = query.toString();
    return search ? `${base}?${search}` : base;
  };

  return (
    <div className="space-y-6">
      <Migas
        etiqueta={t("notificaciones.configurar.ruta")}
        seccion={t("notificaciones.titulo")}
        href="/panel/notificaciones"
        actual={t("notificaciones.entregas.metaTitulo", { titulo })}
      />
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t("notificaciones.entregas.titulo", { titulo })}</h1>
        <p className="mt-1 max-w-3xl text-slate-600">{`${t("notificaciones.entregas.descripcion")}${puedeReintentar ? "" : t("notificaciones.entregas.soloLectura")}`}</p>
      </div>

      <form
        method="get"
        action={base}
        className="flex flex-wrap items-end gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      >
        <div>
          <label htmlFor="estado" className="block text-sm font-medium text-slate-800">
            {t("notificaciones.entregas.estado")}
          </label>
          <select
            id="estado"
            name="estado"
            defaultValue={estado ?? ""}
            className="mt-1 block h-11 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-marca-600 focus:outline-none focus:ring-2 focus:ring-marca-100"
          >
            <option value="">{t("notificaciones.entregas.todos")}</option>
            {ESTADOS_ENTREGA.map((value) => (
              <option key={value} value={value}>
                {t(`notificaciones.estados.${value}`)}
              </option>
            ))}
          </select>
        </div>
        {topic === "consultas" && (
          <div className="min-w-0 max-sm:w-full sm:w-80">
            <Field id="sid" label={t("notificaciones.entregas.sid")}>
              <Input
                id="sid"
                name="sid"
                type="search"
                defaultValue={sidRaw}
                maxLength={LIMITES_SID.max}
                spellCheck={false}
                autoComplete="off"
                className="font-mono text-sm"
              />
            </Field>
          </div>
        )}
        <Button type="submit" variante="secundario">
          {t("notificaciones.entregas.filtrar")}
        </Button>
        <Link href={enlace(pagina)} className={buttonClass("fantasma")}>
          {t("notificaciones.entregas.actualizar")}
        </Link>
      </form>
      {estadoInvalido && <Alert tono="aviso">{t("notificaciones.entregas.estadoInvalido")}</Alert>}
      {sidInvalido && <Alert tono="aviso">{t("notificaciones.entregas.sidInvalido")}</Alert>}
      <Suspense
        key={`${estado ?? ""}-${sid ?? ""}-${pagina}`}
        fallback={<Cargando mensaje={t("notificaciones.entregas.cargando")} bloques={3} alto="h-40" />}
      >
        <Registro
          workspaceId={user.workspace.id}
          topic={topic}
          estado={estado}
          sid={sid}
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
  sid,
  pagina,
  puedeReintentar,
  enlace,
}: {
  workspaceId: string;
  topic: Topic;
  estado: EstadoEntrega | undefined;
  sid: string | undefined;
  pagina: number;
  puedeReintentar: boolean;
  enlace: (pagina: number) => string;
}) {
  const t = await getTranslations();
  let entregas: Entregas;
  try {
    const client = await v3ClientFor(workspaceId);
    entregas = await client.listEntregas(topic, { estado, sid, pagina });
  } catch (cause) {
    if (esEstadoV3(cause, 404)) {
      return (
        <Card titulo={t("notificaciones.entregas.noConfigurado")}>
          <p className="text-sm text-slate-700">{t("notificaciones.entregas.noConfiguradoTexto")}</p>
          <Link href="/panel/notificaciones" className={enlaceClass("mt-3 text-sm")}>
            {t("notificaciones.entregas.volver")}
          </Link>
        </Card>
      );
    }
    return (
      <Alert tono="error" titulo={t("notificaciones.entregas.error")}>
        {cause instanceof V3Error ? cause.message : t("notificaciones.inesperado")}
      </Alert>
    );
  }
  const paginas = Math.min(99, Math.max(1, Math.ceil(entregas.Total / entregas.PerPagina)));
  return (
    <>
      <p className="text-sm text-slate-600" role="status">
        {entregas.Total === 0
          ? sid
            ? t("notificaciones.entregas.sinDeConsulta", { sid })
            : estado
              ? t("notificaciones.entregas.sinEnEstado", { estado: t(`notificaciones.estados.${estado}`) })
              : t("notificaciones.entregas.sinNotificaciones")
          : t("notificaciones.entregas.resumen", {
              total: entregas.Total,
              estado: estado ? t(`notificaciones.estados.${estado}`) : "none",
              pagina,
              paginas,
            })}
      </p>
      <ListaEntregas topic={topic} entregas={entregas._entries} puedeReintentar={puedeReintentar} />
      {paginas > 1 && (
        <nav aria-label={t("notificaciones.entregas.paginas")} className="flex items-center justify-between gap-3">
          {pagina > 1 ? (
            <Link href={enlace(pagina - 1)} className={buttonClass("secundario")} rel="prev">
              <span aria-hidden="true">←</span> {t("notificaciones.entregas.anterior")}
            </Link>
          ) : (
            <span />
          )}
          <span className="text-sm text-slate-600">{t("notificaciones.entregas.pagina", { pagina, paginas })}</span>
          {pagina < paginas ? (
            <Link href={enlace(pagina + 1)} className={buttonClass("secundario")} rel="next">
              {t("notificaciones.entregas.siguiente")} <span aria-hidden="true">→</span>
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </>
  );
}
