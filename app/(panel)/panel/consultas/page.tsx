import type { Metadata } from "next";
import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { CargandoConsultas } from "@/components/consultas/cargando";
import { ResumenDeConsulta, SeccionesDeConsulta } from "@/components/consultas/cuerpo-consulta";
import { AvisoNovedadesDiferido, DetalleDiferido } from "@/components/consultas/diferidos";
import { FormularioFiltros } from "@/components/consultas/formulario-filtros";
import { HistorialConsulta } from "@/components/consultas/historial-consulta";
import { Paginacion } from "@/components/consultas/paginacion";
import { PestanasAtencion } from "@/components/consultas/pestanas-atencion";
import { TablaConsultas } from "@/components/consultas/tabla-consultas";
import { Alert } from "@/components/ui/alert";
import { buttonClass } from "@/components/ui/button-class";
import { Card } from "@/components/ui/card";
import { MAX_PAGINA } from "@/lib/api/limites";
import { puedeMarcarAtencion } from "@/lib/panel/areas";
import { type ParametrosConsultas, urlConsultas } from "@/lib/panel/consultas/filtros";
import { leidasDe, marcarLeida } from "@/lib/panel/consultas/leidas";
import { contactoDe, filaDe, resumenDe, seccionesDe } from "@/lib/panel/consultas/presentacion";
import { cargarPagina, contarPestanas, type Resolucion, resolverConsultas, sidDe } from "@/lib/panel/consultas/vista";
import { explicarFalla } from "@/lib/panel/fallas";
import { dia } from "@/lib/panel/formatos";
import { type CurrentUser, exigirUsuario } from "@/lib/panel/session";
import type { Consulta } from "@/lib/panel/v3-tipos";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("consultas.titulo") };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const ROLES = ["admin", "soporte", "agencia"] as const;

/**
 * The inbox. The role check runs before anything streams (a route loading.tsx would send 200 before a
 * 403); the enquiries suspend below the heading, their loading state in its place meanwhile.
 */
export default async function ConsultasPage({ searchParams }: { searchParams: SearchParams }) {
  const crudos = await searchParams;
  const user = await exigirUsuario({ roles: ROLES, next: urlConsultas(primeros(crudos)) });
  const t = await getTranslations();

  return (
    // Wide: the table takes the window's width on a large screen (app/(panel)/panel/layout.tsx).
    <div className="space-y-6" data-ancho="amplio">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t("consultas.titulo")}</h1>
        {/* On a phone the first screen is for enquiries: the agency and operator are in the filters. */}
        <p className="mt-1 text-slate-600 max-md:sr-only">
          {user.agency
            ? t("consultas.descripcionAgencia", { agencia: user.agency.adminMail, operador: user.agency.operatorEmail })
            : t("consultas.descripcion")}
        </p>
      </div>
      <Suspense fallback={<CargandoConsultas texto={t("consultas.cargando")} />}>
        <Bandeja user={user} crudos={crudos} />
      </Suspense>
    </div>
  );
}

async function Bandeja({ user, crudos }: { user: CurrentUser; crudos: Record<string, string | string[] | undefined> }) {
  const resolucion = await resolverConsultas(user, crudos, { listar: true });
  const puedeReenviar = user.role === "admin" || user.role === "soporte";
  return (
    <Contenido
      resolucion={resolucion}
      sid={primeros(crudos).sid}
      userId={user.id}
      puedeReenviar={puedeReenviar}
      puedeMarcar={puedeMarcarAtencion(user.role)}
    />
  );
}

function primeros(crudos: Record<string, string | string[] | undefined>): ParametrosConsultas {
  const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
  return {
    agencia: first(crudos.agencia),
    q: first(crudos.q),
    atendida: first(crudos.atendida),
    operador: first(crudos.operador),
    externalid: first(crudos.externalid),
    desde: first(crudos.desde),
    hasta: first(crudos.hasta),
    pagina: first(crudos.pagina),
    sid: first(crudos.sid),
  };
}

async function Contenido({
  resolucion,
  sid,
  userId,
  puedeReenviar,
  puedeMarcar,
}: {
  resolucion: Resolucion;
  sid?: string;
  userId: string;
  puedeReenviar: boolean;
  puedeMarcar: boolean;
}) {
  const { parametros, adminMail } = resolucion;
  const t = await getTranslations();
  if (!resolucion.fijo && resolucion.errorAgencias && !adminMail) {
    return (
      <Alert tono="error" titulo={t("consultas.errorAgencias")}>
        {resolucion.errorAgencias}
      </Alert>
    );
  }
  if (!adminMail) {
    return <Card titulo={t("consultas.sinAgenciasTitulo")} descripcion={t("consultas.sinAgenciasTexto")} />;
  }

  // The detail's enquiry first: opening it marks it read, which the list below already shows.
  const detalle = sid ? await leerDetalle(resolucion, sid, userId) : null;
  const pagina = resolucion.errores ? null : await cargarPagina(resolucion);
  const errores = resolucion.errores ?? (pagina && !pagina.ok ? pagina.errores : null);
  const cuentas = pagina?.ok ? await contarPestanas(resolucion, pagina.datos.Total) : null;
  const filtrosUrl: ParametrosConsultas = {
    agencia: resolucion.fijo ? undefined : adminMail,
    q: parametros.q,
    atendida: parametros.atendida,
    operador: resolucion.fijo ? undefined : resolucion.filtros.operador,
    externalid: parametros.externalid,
    desde: parametros.desde,
    hasta: parametros.hasta,
  };
  const claveFormulario = urlConsultas({ ...filtrosUrl, pagina: parametros.pagina });

  return (
    <>
      <FormularioFiltros
        key={claveFormulario}
        agencias={resolucion.agencias}
        fijo={resolucion.fijo}
        atendida={parametros.atendida}
        valores={{
          agencia: adminMail,
          q: parametros.q,
          operador: resolucion.fijo ? resolucion.filtros.operador : parametros.operador,
          externalid: parametros.externalid,
          desde: parametros.desde,
          hasta: parametros.hasta,
        }}
        errores={errores}
        hoy={resolucion.hoy}
        minimo={resolucion.minimo}
        pestanas={
          <PestanasAtencion actual={resolucion.atencion} cuentas={cuentas} href={(atendida) => urlConsultas({ ...filtrosUrl, atendida })} />
        }
        exportar={pagina?.ok && pagina.datos.Total > 0 ? urlConsultas(filtrosUrl, "/panel/consultas/exportar") : null}
      />
      {resolucion.errores ? (
        <Alert tono="error" titulo={t("consultas.revisaFiltros")}>
          {resolucion.errores._?.join(" ") ?? t("consultas.filtrosUrlInvalidos")}
          {resolucion.errores.pagina && (
            // The page number has no field in the form: the message names it and leads to a page that exists.
            <p className="mt-2" data-campo="pagina">
              {t("consultas.paginaInvalida", { valor: parametros.pagina ?? "", mensaje: resolucion.errores.pagina.join(" ") })}{" "}
              <Link href={urlConsultas(filtrosUrl)} className="font-semibold underline">
                {t("consultas.irPrimera")}
              </Link>
            </p>
          )}
        </Alert>
      ) : pagina && !pagina.ok ? (
        <Alert tono="error" titulo={pagina.errores ? t("consultas.apiRechazo") : t("consultas.noPudimosCargar")}>
          {pagina.errores ? (pagina.errores._?.join(" ") ?? t("consultas.corregiCampos")) : pagina.mensaje}
        </Alert>
      ) : pagina?.ok ? (
        <Resultado
          resolucion={resolucion}
          filtrosUrl={filtrosUrl}
          entradas={pagina.datos._entries}
          total={pagina.datos.Total}
          porPagina={pagina.datos.PerPagina}
          desde={pagina.datos.Desde}
          hasta={pagina.datos.Hasta}
          abierta={sid}
          userId={userId}
          puedeMarcar={puedeMarcar}
        />
      ) : null}
      {sid && detalle && (
        <Detalle
          resolucion={resolucion}
          sid={sid}
          detalle={detalle}
          puedeReenviar={puedeReenviar}
          puedeMarcar={puedeMarcar}
          hrefCerrar={urlConsultas({ ...filtrosUrl, pagina: parametros.pagina })}
        />
      )}
    </>
  );
}

async function Resultado({
  resolucion,
  filtrosUrl,
  entradas,
  total,
  porPagina,
  desde,
  hasta,
  abierta,
  userId,
  puedeMarcar,
}: {
  resolucion: Resolucion;
  userId: string;
  puedeMarcar: boolean;
  filtrosUrl: ParametrosConsultas;
  entradas: Consulta[];
  total: number;
  porPagina: number;
  desde: string;
  hasta: string;
  abierta?: string;
}) {
  const { t } = resolucion;
  const f = await getFormatter();
  const pagina = resolucion.pagina;
  const paginas = Math.min(MAX_PAGINA, Math.max(1, Math.ceil(total / Math.max(1, porPagina))));
  const href = (n: number) => urlConsultas({ ...filtrosUrl, pagina: n === 1 ? undefined : String(n) });
  const actual = urlConsultas({ ...filtrosUrl, pagina: resolucion.parametros.pagina });
  const sids = entradas.map(sidDe);
  const leidas = await leidasDe(userId, sids);
  const filas = entradas.map((consulta, indice) => {
    const sid = sids[indice] as string;
    return {
      ...filaDe(consulta, sid, t, f),
      adminMail: resolucion.adminMail as string,
      leida: leidas.has(sid),
      href: urlConsultas({ ...filtrosUrl, pagina: resolucion.parametros.pagina, sid }),
    };
  });
  const periodo = t("consultas.periodo", { desde: dia(f, desde.slice(0, 10)), hasta: dia(f, hasta.slice(0, 10)) });
  const cantidad = t("consultas.cantidad", { n: total });

  return (
    <section aria-labelledby="resultado-titulo" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="resultado-titulo" className="text-lg font-semibold tracking-tight text-slate-900" data-testid="total">
            {cantidad}
          </h2>
          <p className="text-sm text-slate-600">{t("consultas.recibidas", { periodo, agencia: resolucion.adminMail ?? "" })}</p>
        </div>
        {total > 0 && (
          // On a phone the export is an item of the filters' "Más" menu.
          <a href={urlConsultas(filtrosUrl, "/panel/consultas/exportar")} download className={buttonClass("secundario", "max-md:hidden")}>
            {t("consultas.exportar")}
          </a>
        )}
      </div>
      <AvisoNovedadesDiferido
        key={actual}
        url={urlConsultas(filtrosUrl, "/panel/consultas/novedades")}
        total={total}
        primera={pagina === 1 ? (filas[0]?.sid ?? null) : undefined}
        pagina={pagina}
        hrefPrimera={href(1)}
      />
      {/* Mounted even when empty: the rows that arrive in an empty view are new too. */}
      <TablaConsultas
        key={actual}
        filas={filas}
        abierta={abierta}
        puedeMarcar={puedeMarcar}
        conOperador={!resolucion.fijo || veTodas(resolucion)}
        caption={t("consultas.caption", { agencia: resolucion.adminMail ?? "", periodo, pagina, paginas, cantidad })}
        vacia={
          <Card
            titulo={total === 0 ? t("consultas.vaciaTitulo") : t("consultas.paginaVaciaTitulo")}
            descripcion={total === 0 ? t("consultas.vaciaTexto") : t("consultas.paginaVaciaTexto", { cantidad, ultima: paginas })}
          >
            {total > 0 && (
              <Link href={href(paginas)} className={buttonClass("secundario")}>
                {t("consultas.irUltima", { ultima: paginas })}
              </Link>
            )}
          </Card>
        }
      />
      {total > 0 && (
        <Paginacion
          pagina={pagina}
          paginas={paginas}
          hrefs={{ primera: href(1), anterior: href(Math.min(pagina - 1, paginas)), siguiente: href(pagina + 1), ultima: href(paginas) }}
        />
      )}
      {total > MAX_PAGINA * porPagina && <p className="text-sm text-slate-600">{t("consultas.limitePaginas", { max: MAX_PAGINA })}</p>}
    </section>
  );
}

type LecturaDetalle = { consulta: Consulta | null; error: string | null };

/** The open enquiry, or why it cannot be shown; a shown one is now read by this user (decisions 0045). */
async function leerDetalle(resolucion: Resolucion, sid: string, userId: string): Promise<LecturaDetalle> {
  const { t, adminMail } = resolucion;
  if (!adminMail) return { consulta: null, error: t("consultas.noExisteAgencia") };
  if (sid.length < 20 || sid.length > 30) return { consulta: null, error: t("consultas.sidInvalido") };
  try {
    const consulta = await resolucion.client.getConsulta(adminMail, sid);
    // An `agencia` user sees the enquiry only if its operator sees it (the API's operador rule).
    if (resolucion.fijo && !visibleParaOperador(resolucion, consulta)) return { consulta: null, error: t("consultas.noAsignada") };
    await marcarLeida(userId, sid);
    return { consulta, error: null };
  } catch (failure) {
    const error = (failure as { status?: number }).status === 404 ? t("consultas.noExisteAgencia") : explicarFalla(failure, t, adminMail);
    return { consulta: null, error };
  }
}

async function Detalle({
  resolucion,
  sid,
  detalle: { consulta, error },
  puedeReenviar,
  puedeMarcar,
  hrefCerrar,
}: {
  resolucion: Resolucion;
  sid: string;
  detalle: LecturaDetalle;
  puedeReenviar: boolean;
  puedeMarcar: boolean;
  hrefCerrar: string;
}) {
  const adminMail = resolucion.adminMail as string;
  const { t } = resolucion;
  const f = await getFormatter();
  return (
    <DetalleDiferido
      key={sid}
      sid={sid}
      adminMail={adminMail}
      titulo={consulta ? `${consulta.Interesado.Nombre} ${consulta.Interesado.Apellido}` : t("consultas.noDisponible")}
      resumen={consulta && <ResumenDeConsulta resumen={resumenDe(consulta, t, f)} />}
      error={error}
      puedeReenviar={puedeReenviar}
      puedeMarcar={puedeMarcar}
      hrefCerrar={hrefCerrar}
      contacto={consulta && contactoDe(consulta, t)}
      atendida={consulta?.Atencion?.Atendida === true}
    >
      {consulta && <SeccionesDeConsulta secciones={seccionesDe(consulta, sid, t, f)} />}
      {consulta && <HistorialConsulta adminMail={adminMail} sid={sid} />}
    </DetalleDiferido>
  );
}

/**
 * GET /v3/consultas/{adminMail}/{sid} has no operador filter: for an `agencia` user the enquiry must
 * be one its operator sees (docs/contract.md#visibility: the agency admin sees all, another operator its own), so
 * a typed URL cannot open someone else's enquiry.
 */
function visibleParaOperador(resolucion: Resolucion, consulta: Consulta): boolean {
  const operador = resolucion.filtros.operador?.toLowerCase();
  if (!operador) return false;
  return veTodas(resolucion) || consulta.OperadorResponsable.toLowerCase() === operador;
}

/** The agency's admin sees every operator's enquiries; another operator only her own. */
function veTodas(resolucion: Resolucion): boolean {
  return resolucion.filtros.operador?.toLowerCase() === resolucion.adminMail?.toLowerCase();
}
