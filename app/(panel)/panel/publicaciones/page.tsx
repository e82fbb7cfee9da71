import type { Metadata } from "next";
import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { Barra } from "@/components/agencias/paquete";
import { CargandoConsultas } from "@/components/consultas/cargando";
import { Paginacion } from "@/components/consultas/paginacion";
import { AvisosDeAcciones } from "@/components/publicaciones/acciones";
import { FormularioPublicaciones } from "@/components/publicaciones/filtros";
import { Rendimiento } from "@/components/publicaciones/rendimiento";
import { TablaPublicaciones } from "@/components/publicaciones/tabla-publicaciones";
import { Alert } from "@/components/ui/alert";
import { buttonClass } from "@/components/ui/button-class";
import { Card } from "@/components/ui/card";
import { MAX_PAGINA } from "@/lib/api/limites";
import { limitesFechas } from "@/lib/panel/consultas/filtros";
import { explicarFalla } from "@/lib/panel/fallas";
import { zonaHorariaDelPanel } from "@/lib/panel/i18n/zona-horaria";
import { ROLES_QUE_ACTUAN } from "@/lib/panel/publicaciones/acciones";
import { type ParametrosPublicaciones, urlPublicaciones } from "@/lib/panel/publicaciones/filtros";
import { filaDe } from "@/lib/panel/publicaciones/presentacion";
import { filtrosDeLaApi, resolverPublicaciones, type VistaPublicaciones, visibleEnLaVista } from "@/lib/panel/publicaciones/vista";
import { type CurrentUser, exigirUsuario } from "@/lib/panel/session";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("publicaciones.titulo") };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const ROLES = ["admin", "soporte", "agencia"] as const;

/**
 * The dealer's stock (issue 33): each agency's listings through the app, filtered in the URL, with
 * the package's room and which cars bring buyers. The role check runs before anything streams.
 */
export default async function PublicacionesPage({ searchParams }: { searchParams: SearchParams }) {
  const crudos = await searchParams;
  const user = await exigirUsuario({ roles: ROLES, next: urlPublicaciones(crudos as ParametrosPublicaciones) });
  const t = await getTranslations();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t("publicaciones.titulo")}</h1>
        <p className="mt-1 text-slate-600">
          {user.agency
            ? t("publicaciones.descripcionAgencia", { agencia: user.agency.adminMail, operador: user.agency.operatorEmail })
            : t("publicaciones.descripcion")}
        </p>
      </div>
      <Suspense fallback={<CargandoConsultas texto={t("publicaciones.cargando")} />}>
        <Stock user={user} crudos={crudos} />
      </Suspense>
    </div>
  );
}

async function Stock({ user, crudos }: { user: CurrentUser; crudos: Record<string, string | string[] | undefined> }) {
  const vista = await resolverPublicaciones(user, crudos);
  const { t, adminMail } = vista;
  if (vista.errorAgencias && !adminMail) {
    return (
      <Alert tono="error" titulo={t("publicaciones.errorAgencias")}>
        {vista.errorAgencias}
      </Alert>
    );
  }
  if (!adminMail) return <Card titulo={t("publicaciones.sinAgenciasTitulo")} descripcion={t("publicaciones.sinAgenciasTexto")} />;
  const puedeActuar = (ROLES_QUE_ACTUAN as readonly string[]).includes(user.role);
  return (
    <>
      <FormularioPublicaciones
        agencias={vista.agencias}
        adminMail={adminMail}
        fijo={vista.fijo}
        operador={vista.operador}
        filtros={vista.filtros}
      />
      <AvisosDeAcciones>
        <Cupo vista={vista} adminMail={adminMail} />
        <Lista vista={vista} adminMail={adminMail} puedeActuar={puedeActuar} />
      </AvisosDeAcciones>
      <Rendimiento
        client={vista.client}
        adminMail={adminMail}
        operador={vista.operador}
        fijo={vista.fijo}
        hoy={limitesFechas(zonaHorariaDelPanel()).hoy}
        visible={(publicacion) => visibleEnLaVista(vista, publicacion)}
      />
    </>
  );
}

/** The package's room for active listings, next to them: pausing one frees a place here at once. */
async function Cupo({ vista, adminMail }: { vista: VistaPublicaciones; adminMail: string }) {
  const { t } = vista;
  const f = await getFormatter();
  try {
    const { Publicaciones: publicaciones } = await vista.client.getAgenciaProductos(adminMail);
    return (
      <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="cupo">
        <Barra
          id="cupo-publicaciones"
          titulo={t("agencias.paquete.activas")}
          t={t}
          f={f}
          usadas={publicaciones.Activas}
          contratadas={publicaciones.Contratadas}
          detalle={t("agencias.paquete.disponibles", { n: publicaciones.Disponibles })}
        />
      </div>
    );
  } catch (error) {
    return (
      <Alert tono="aviso" titulo={t("paquete.error")}>
        {explicarFalla(error, t, adminMail)}
      </Alert>
    );
  }
}

async function Lista({ vista, adminMail, puedeActuar }: { vista: VistaPublicaciones; adminMail: string; puedeActuar: boolean }) {
  const { t, filtros } = vista;
  const f = await getFormatter();
  let datos: Awaited<ReturnType<typeof vista.client.listPublicaciones>>;
  try {
    datos = await vista.client.listPublicaciones(adminMail, filtrosDeLaApi(vista, Math.min(filtros.pagina, MAX_PAGINA)));
  } catch (error) {
    return (
      <Alert tono="error" titulo={t("publicaciones.noPudimosCargar")}>
        {explicarFalla(error, t, adminMail)}
      </Alert>
    );
  }
  const pagina = filtros.pagina;
  const paginas = Math.min(MAX_PAGINA, Math.max(1, Math.ceil(datos.Total / Math.max(1, datos.PerPagina))));
  const entradas = pagina > MAX_PAGINA ? [] : datos._entries;
  const base: ParametrosPublicaciones = {
    agencia: vista.fijo ? undefined : adminMail,
    estado: filtros.estado,
    exposicion: filtros.exposicion,
    operador: vista.fijo ? undefined : filtros.operador,
    q: filtros.q,
  };
  const href = (n: number) => urlPublicaciones({ ...base, pagina: String(n) });
  const cantidad = t("publicaciones.cantidad", { n: datos.Total });
  return (
    <section aria-labelledby="publicaciones-total" className="space-y-4">
      <h2 id="publicaciones-total" className="text-lg font-semibold tracking-tight text-slate-900" data-testid="total">
        {cantidad}
      </h2>
      {entradas.length === 0 ? (
        <Card
          titulo={datos.Total === 0 ? t("publicaciones.vaciaTitulo") : t("publicaciones.paginaVaciaTitulo")}
          descripcion={
            datos.Total === 0 ? t("publicaciones.vaciaTexto") : t("publicaciones.paginaVaciaTexto", { cantidad, ultima: paginas })
          }
        >
          {datos.Total > 0 && (
            <Link href={href(paginas)} className={buttonClass("secundario")}>
              {t("publicaciones.irUltima", { ultima: paginas })}
            </Link>
          )}
        </Card>
      ) : (
        <TablaPublicaciones
          filas={entradas.map((publicacion) => filaDe(publicacion, adminMail, vista.fijo, t, f))}
          caption={t("publicaciones.caption", { agencia: adminMail, pagina, paginas })}
          adminMail={adminMail}
          puedeActuar={puedeActuar}
        />
      )}
      {datos.Total > 0 && (
        <Paginacion
          pagina={pagina}
          paginas={paginas}
          hrefs={{ primera: href(1), anterior: href(Math.min(pagina - 1, paginas)), siguiente: href(pagina + 1), ultima: href(paginas) }}
        />
      )}
      {datos.Total > MAX_PAGINA * datos.PerPagina && (
        <p className="text-sm text-slate-600">{t("publicaciones.limitePaginas", { max: MAX_PAGINA })}</p>
      )}
    </section>
  );
}
