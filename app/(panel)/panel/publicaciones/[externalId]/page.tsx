import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getFormatter, getTranslations } from "next-intl/server";
import { type ReactNode, Suspense } from "react";
import { Cargando } from "@/components/agencias/cargando";
import { ProveedorDeAvisos } from "@/components/consultas/deshacer";
import { TablaConsultas } from "@/components/consultas/tabla-consultas";
import { MensajesDe } from "@/components/panel/mensajes";
import { AccionesPublicacion, AvisosDeAcciones } from "@/components/publicaciones/acciones";
import { ListaCambios } from "@/components/publicaciones/cambios";
import { Foto } from "@/components/publicaciones/foto";
import { Alert } from "@/components/ui/alert";
import { enlaceClass } from "@/components/ui/button-class";
import { Card } from "@/components/ui/card";
import { Migas } from "@/components/ui/migas";
import { parametroMail } from "@/lib/panel/agencias/rutas";
import { puedeMarcarAtencion } from "@/lib/panel/areas";
import { urlConsultas } from "@/lib/panel/consultas/filtros";
import { leidasDe } from "@/lib/panel/consultas/leidas";
import { filaDe as filaDeConsulta } from "@/lib/panel/consultas/presentacion";
import { sidDe } from "@/lib/panel/consultas/vista";
import { explicarFalla } from "@/lib/panel/fallas";
import { dinero, type Formateador, fechaHora, numero, SIN_DATO } from "@/lib/panel/formatos";
import type { Traductor } from "@/lib/panel/i18n/idiomas";
import { ROLES_QUE_ACTUAN } from "@/lib/panel/publicaciones/acciones";
import { urlPublicacion, urlPublicaciones } from "@/lib/panel/publicaciones/filtros";
import { autoDe, cambioDe, enlacesConsultas, estadoDe, exposicionDe } from "@/lib/panel/publicaciones/presentacion";
import { resolverPublicaciones, type VistaPublicaciones, visibleEnLaVista } from "@/lib/panel/publicaciones/vista";
import { exigirUsuario } from "@/lib/panel/session";
import { esEstadoV3 } from "@/lib/panel/v3-client";
import type { CambiosPublicacion, Publicacion } from "@/lib/panel/v3-tipos";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("publicaciones.titulo") };
}

type Props = { params: Promise<{ externalId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const ROLES = ["admin", "soporte", "agencia"] as const;

/**
 * A listing's page: its data, its photos with each one's check, its enquiries, and its changes
 * (who made each, and when). The listing is read before anything streams: one the person may not see, or that does
 * not exist for the app, answers 404 (the Panel's not-found page); its enquiries load below.
 */
export default async function PublicacionPage({ params, searchParams }: Props) {
  const externalId = parametroMail((await params).externalId);
  const crudos = await searchParams;
  const agencia = typeof crudos.agencia === "string" ? crudos.agencia : undefined;
  const user = await exigirUsuario({ roles: ROLES, next: urlPublicacion(externalId, agencia) });
  const vista = await resolverPublicaciones(user, crudos, { listar: false });
  const { t, adminMail } = vista;
  if (!adminMail) notFound();
  let publicacion: Publicacion;
  try {
    publicacion = await vista.client.getPublicacion(adminMail, externalId);
  } catch (error) {
    if (esEstadoV3(error, 404) || esEstadoV3(error, 400)) notFound();
    return (
      <Alert tono="error" titulo={t("publicaciones.noPudimosCargar")}>
        {explicarFalla(error, t, adminMail)}
      </Alert>
    );
  }
  if (!visibleEnLaVista(vista, publicacion)) notFound();
  const f = await getFormatter();
  const auto = autoDe(publicacion);
  const puedeActuar = (ROLES_QUE_ACTUAN as readonly string[]).includes(user.role);
  return (
    <div className="space-y-6">
      <Migas
        etiqueta={t("publicaciones.detalle.volver")}
        seccion={t("publicaciones.titulo")}
        href={urlPublicaciones({ agencia: vista.fijo ? undefined : adminMail })}
        actual={publicacion.ExternalId}
      />
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <Foto
          url={publicacion.Fotos[0]?.Url ?? null}
          alt={t("publicaciones.fotoDe", { auto })}
          sinFoto={t("publicaciones.sinFoto")}
          className="h-40 w-full sm:w-60"
        />
        <div className="min-w-0 space-y-2">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{auto}</h1>
          <p className="text-lg font-semibold text-slate-900">{dinero(f, publicacion.Precio)}</p>
          <p className="text-slate-700" data-testid="estado">
            {estadoDe(publicacion, t)} · {exposicionDe(publicacion, t)}
          </p>
        </div>
      </div>
      {puedeActuar ? (
        <AvisosDeAcciones>
          <AccionesPublicacion
            externalId={publicacion.ExternalId}
            adminMail={adminMail}
            auto={auto}
            estado={publicacion.Estado}
            exposicion={publicacion.Exposicion}
            completo
          />
        </AvisosDeAcciones>
      ) : (
        <p className="text-sm text-slate-600">{t("publicaciones.acciones.soloLectura")}</p>
      )}
      <Card titulo={t("publicaciones.detalle.datos")}>
        <Datos publicacion={publicacion} t={t} f={f} />
      </Card>
      <Card titulo={t("publicaciones.detalle.fotos")}>
        <Fotos publicacion={publicacion} auto={auto} t={t} />
      </Card>
      <Card titulo={t("publicaciones.detalle.consultas")}>
        <Suspense fallback={<Cargando texto={t("consultas.cargando")} filas={3} />}>
          <Consultas
            vista={vista}
            adminMail={adminMail}
            publicacion={publicacion}
            userId={user.id}
            puedeMarcar={puedeMarcarAtencion(user.role)}
          />
        </Suspense>
      </Card>
      <Card
        titulo={t("publicaciones.detalle.cambios")}
        descripcion={t("publicaciones.detalle.cambiosTexto", {
          creada: fechaHora(f, publicacion.Creada),
          modificada: fechaHora(f, publicacion.Modificada),
        })}
      >
        <Suspense fallback={<Cargando texto={t("publicaciones.cambios.cargando")} filas={3} />}>
          <Cambios vista={vista} adminMail={adminMail} externalId={publicacion.ExternalId} />
        </Suspense>
      </Card>
    </div>
  );
}

function Datos({ publicacion, t, f }: { publicacion: Publicacion; t: Traductor; f: Formateador }) {
  const texto = (valor: string | null | undefined) => valor || SIN_DATO;
  const campos: [keyof Publicacion, string][] = [
    ["ExternalId", publicacion.ExternalId],
    ["RefStock", texto(publicacion.RefStock)],
    ["Estado", estadoDe(publicacion, t)],
    ["Exposicion", exposicionDe(publicacion, t)],
    ["OperadorResponsable", publicacion.OperadorResponsable],
    ["Marca", publicacion.Marca.title],
    ["Modelo", publicacion.Modelo.title],
    ["Version", texto(publicacion.Version)],
    ["VersionYear", publicacion.VersionYear === null ? SIN_DATO : String(publicacion.VersionYear)],
    ["Kilometraje", publicacion.Kilometraje === null ? SIN_DATO : t("publicaciones.km", { km: numero(f, publicacion.Kilometraje) })],
    ["Precio", dinero(f, publicacion.Precio)],
    ["Carroceria", texto(publicacion.Carroceria?.title)],
    ["Color", texto(publicacion.Color?.title)],
    ["Combustible", publicacion.Combustible ? t(`publicaciones.detalle.combustibles.${publicacion.Combustible}`) : SIN_DATO],
    ["Transmision", publicacion.Transmision ? t(`publicaciones.detalle.transmisiones.${publicacion.Transmision}`) : SIN_DATO],
    ["Creada", fechaHora(f, publicacion.Creada)],
    ["Modificada", fechaHora(f, publicacion.Modificada)],
    ["Descripcion", texto(publicacion.Descripcion)],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
      {campos.map(([nombre, valor]) => (
        <div key={nombre} className={nombre === "Descripcion" ? "sm:col-span-2 lg:col-span-3" : undefined}>
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">
            {t(`publicaciones.detalle.campos.${nombre as "ExternalId"}`)}
          </dt>
          <dd className="mt-0.5 break-words whitespace-pre-line text-slate-900">{valor}</dd>
        </div>
      ))}
    </dl>
  );
}

const CLASE_FOTO = {
  pendiente: "text-slate-700",
  ok: "text-emerald-800",
  error: "font-semibold text-red-800",
} as const;

function Fotos({ publicacion, auto, t }: { publicacion: Publicacion; auto: string; t: Traductor }) {
  if (publicacion.Fotos.length === 0) return <p className="text-sm text-slate-600">{t("publicaciones.detalle.sinFotos")}</p>;
  return (
    <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="fotos">
      {publicacion.Fotos.map((foto, indice) => {
        const estado = t(`publicaciones.detalle.fotoEstados.${foto.Estado}`);
        return (
          <li key={foto.Url} className="min-w-0 space-y-1">
            <Foto
              url={foto.Url}
              alt={`${t("publicaciones.detalle.fotoN", { n: indice + 1 })}: ${auto}`}
              sinFoto={t("publicaciones.sinFoto")}
              className="h-32 w-full"
            />
            <p className={`text-sm ${CLASE_FOTO[foto.Estado]}`} data-testid="foto-estado">
              {t("publicaciones.detalle.fotoN", { n: indice + 1 })}:{" "}
              {foto.Estado === "error" && foto.Motivo ? `${estado}: ${foto.Motivo}` : estado}
            </p>
            <p className="truncate text-xs text-slate-500" title={foto.Url}>
              {foto.Url}
            </p>
          </li>
        );
      })}
    </ol>
  );
}

/** The listing's changes (the API's extension, decision 0116): its latest page, in words. */
async function Cambios({ vista, adminMail, externalId }: { vista: VistaPublicaciones; adminMail: string; externalId: string }) {
  const { t } = vista;
  const f = await getFormatter();
  let lista: CambiosPublicacion;
  try {
    lista = await vista.client.listCambiosPublicacion(adminMail, externalId);
  } catch (error) {
    return (
      <Alert tono="error" titulo={t("publicaciones.cambios.noPudimosCargar")}>
        {explicarFalla(error, t, adminMail)}
      </Alert>
    );
  }
  if (lista._entries.length === 0) return <p className="text-sm text-slate-600">{t("publicaciones.cambios.vacia")}</p>;
  return (
    <div className="space-y-3">
      <ListaCambios
        cambios={lista._entries.map((cambio) => cambioDe(cambio, t, f))}
        caption={t("publicaciones.cambios.caption")}
        quien={t("publicaciones.cambios.quien")}
      />
      {lista.Total > lista._entries.length && (
        <p className="text-sm text-slate-600">
          {t("publicaciones.cambios.masAntiguos", { mostrados: lista._entries.length, total: lista.Total })}
        </p>
      )}
    </div>
  );
}

/** The listing's enquiries as the inbox shows them (its rows, contact links and marks), the first page. */
async function Consultas({
  vista,
  adminMail,
  publicacion,
  userId,
  puedeMarcar,
}: {
  vista: VistaPublicaciones;
  adminMail: string;
  publicacion: Publicacion;
  userId: string;
  puedeMarcar: boolean;
}) {
  const { t } = vista;
  const f = await getFormatter();
  const enlaces = enlacesConsultas(publicacion.ExternalId, adminMail, vista.fijo);
  let contenido: ReactNode;
  try {
    const lista = await vista.client.listConsultas(adminMail, {
      externalid: publicacion.ExternalId,
      operador: vista.fijo ? vista.operador : undefined,
    });
    const sids = lista._entries.map(sidDe);
    const leidas = await leidasDe(userId, sids);
    const filas = lista._entries.map((consulta, indice) => {
      const sid = sids[indice] as string;
      return {
        ...filaDeConsulta(consulta, sid, t, f),
        adminMail,
        leida: leidas.has(sid),
        href: urlConsultas({ agencia: vista.fijo ? undefined : adminMail, externalid: publicacion.ExternalId, atendida: "todas", sid }),
      };
    });
    contenido = (
      <MensajesDe areas={["consultas", "publicaciones"]}>
        <ProveedorDeAvisos>
          <TablaConsultas
            filas={filas}
            conOperador={!vista.fijo}
            puedeMarcar={puedeMarcar}
            caption={t("publicaciones.detalle.consultas")}
            vacia={<p className="text-sm text-slate-600">{t("publicaciones.detalle.sinConsultas")}</p>}
          />
        </ProveedorDeAvisos>
      </MensajesDe>
    );
  } catch (error) {
    contenido = (
      <Alert tono="error" titulo={t("consultas.noPudimosCargar")}>
        {explicarFalla(error, t, adminMail)}
      </Alert>
    );
  }
  return (
    <div className="space-y-3">
      {contenido}
      <a href={enlaces.href} className={enlaceClass("text-sm")}>
        {t("publicaciones.detalle.todasLasConsultas")}
      </a>
    </div>
  );
}
