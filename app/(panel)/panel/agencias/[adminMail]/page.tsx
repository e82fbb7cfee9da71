import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { Cargando } from "@/components/agencias/cargando";
import { Desasociar } from "@/components/agencias/desasociar";
import { DatosAgencia, Operadores } from "@/components/agencias/detalle";
import { FormularioEdicion } from "@/components/agencias/formulario-edicion";
import { CLASE_AGENCIA, Insignia } from "@/components/agencias/insignias";
import { Paquete } from "@/components/agencias/paquete";
import { Alert } from "@/components/ui/alert";
import { buttonClass, enlaceClass } from "@/components/ui/button-class";
import { Card } from "@/components/ui/card";
import { listarRegiones, obtenerAgencia, obtenerProductos, puedeEditar } from "@/lib/panel/agencias/datos";
import { parametroMail } from "@/lib/panel/agencias/rutas";
import { limitesFechas } from "@/lib/panel/consultas/filtros";
import { explicarFalla } from "@/lib/panel/fallas";
import { zonaHorariaDelPanel } from "@/lib/panel/i18n/zona-horaria";
import { type CurrentUser, exigirUsuario } from "@/lib/panel/session";

type Props = { params: Promise<{ adminMail: string }> };
type PropsDePagina = Props & { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("agencias.detalle.titulo", { mail: parametroMail((await params).adminMail) }) };
}

async function PaqueteDeAgencia({ user, adminMail }: { user: CurrentUser; adminMail: string }) {
  const t = await getTranslations();
  try {
    const productos = await obtenerProductos(user, adminMail);
    if (!productos) return <p className="text-sm text-slate-600">{t("agencias.detalle.sinPaquete")}</p>;
    return <Paquete productos={productos} hoy={limitesFechas(zonaHorariaDelPanel()).hoy} />;
  } catch (error) {
    return (
      <Alert tono="error" titulo={t("agencias.detalle.errorPaquete")}>
        {explicarFalla(error, t)}
      </Alert>
    );
  }
}

async function Edicion({
  user,
  adminMail,
  agencia,
  volver,
}: {
  user: CurrentUser;
  adminMail: string;
  agencia: Parameters<typeof FormularioEdicion>[0]["agencia"];
  volver: string;
}) {
  const t = await getTranslations();
  try {
    const regiones = await listarRegiones(user);
    return <FormularioEdicion adminMail={adminMail} agencia={agencia} regiones={regiones} volver={volver} />;
  } catch (error) {
    return (
      <Alert tono="error" titulo={t("agencias.detalle.errorProvincias")}>
        {explicarFalla(error, t)}
      </Alert>
    );
  }
}

/**
 * One agency: its data (edited on demand, `?editar`, by an admin when its app may), operators and
 * package; `?guardado` after an edit says what was saved.
 */
export default async function AgenciaPage({ params, searchParams }: PropsDePagina) {
  const adminMail = parametroMail((await params).adminMail);
  const { editar, guardado } = await searchParams;
  const user = await exigirUsuario({ roles: ["admin", "soporte"], next: `/panel/agencias/${encodeURIComponent(adminMail)}` });
  const t = await getTranslations();
  const admin = user.role === "admin";
  let agencia: Awaited<ReturnType<typeof obtenerAgencia>>;
  let editable = false;
  try {
    agencia = await obtenerAgencia(user, adminMail);
    editable = admin && agencia?.Estado === "registrada" && (await puedeEditar(user, adminMail));
  } catch (error) {
    return (
      <div className="space-y-6">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{adminMail}</h1>
        <Alert tono="error" titulo={t("agencias.detalle.errorAgencia")}>
          {explicarFalla(error, t)}
        </Alert>
      </div>
    );
  }
  if (!agencia) notFound();
  const registrada = agencia.Estado === "registrada";
  const nombre = agencia.Nombre ?? agencia.AdminMail;
  const aqui = `/panel/agencias/${encodeURIComponent(agencia.AdminMail)}`;
  const editando = editable && editar !== undefined;

  return (
    <div className="space-y-6">
      <nav aria-label={t("agencias.detalle.ruta")} className="text-sm">
        <Link href="/panel/agencias" className={enlaceClass()}>
          <span aria-hidden="true">← </span>
          {t("agencias.titulo")}
        </Link>
      </nav>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900">{nombre}</h1>
            <Insignia etiqueta={t(`agencias.estados.${agencia.Estado}.etiqueta`)} clase={CLASE_AGENCIA[agencia.Estado]} />
          </div>
          <p className="mt-1 text-slate-600">{t(`agencias.estados.${agencia.Estado}.descripcion`)}</p>
        </div>
        <div className="flex flex-wrap gap-3">
          {registrada && (
            <Link href={`/panel/consultas?agencia=${encodeURIComponent(agencia.AdminMail)}`} className={buttonClass("primario")}>
              {t("agencias.detalle.verConsultas")}
            </Link>
          )}
          {admin && registrada && <Desasociar adminMail={agencia.AdminMail} nombre={nombre} />}
        </div>
      </div>
      {!admin && <p className="rounded-lg bg-slate-100 px-4 py-2 text-sm text-slate-700">{t("agencias.detalle.modoLectura")}</p>}
      {guardado !== undefined && !editando && (
        <Alert tono="exito">
          {t("agencias.edicion.exito")}
          {agencia.Ciudad && t("agencias.edicion.ciudadGuardada", { ciudad: agencia.Ciudad, region: agencia.Region ?? "none" })}
        </Alert>
      )}

      {editando ? (
        <Card titulo={<span id="titulo-editar">{t("agencias.detalle.editar")}</span>} descripcion={t("agencias.detalle.editarTexto")}>
          <Suspense fallback={<Cargando texto={t("agencias.detalle.cargandoFormulario")} filas={3} />}>
            <Edicion user={user} adminMail={agencia.AdminMail} agencia={agencia} volver={aqui} />
          </Suspense>
        </Card>
      ) : (
        <Card titulo={t("agencias.detalle.datos")}>
          <DatosAgencia agencia={agencia} />
          {editable && (
            <Link href={`${aqui}?editar=1`} className={buttonClass("secundario", "mt-6")}>
              {t("agencias.detalle.editar")}
            </Link>
          )}
        </Card>
      )}

      <Card titulo={t("agencias.detalle.operadores")} descripcion={t("agencias.detalle.operadoresTexto")}>
        <Operadores agencia={agencia} />
      </Card>

      <Card titulo={t("agencias.detalle.paquete")} descripcion={t("agencias.detalle.paqueteTexto")}>
        {registrada ? (
          <Suspense fallback={<Cargando texto={t("agencias.detalle.cargandoPaquete")} filas={3} />}>
            <PaqueteDeAgencia user={user} adminMail={agencia.AdminMail} />
          </Suspense>
        ) : (
          <p className="text-sm text-slate-600">{t("agencias.detalle.paqueteSinRegistro")}</p>
        )}
      </Card>

      {admin && registrada && !editable && (
        <Alert tono="info" titulo={t("agencias.detalle.soloLectura")}>
          {t("agencias.detalle.otraAppTexto")}
        </Alert>
      )}
      {admin && !registrada && (
        <Alert tono="info" titulo={t("agencias.detalle.noEditable")}>
          {agencia.Estado === "vencida" ? t("agencias.detalle.vencidaTexto") : t("agencias.detalle.pendienteTexto")}
        </Alert>
      )}
    </div>
  );
}
