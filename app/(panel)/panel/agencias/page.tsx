import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { Cargando } from "@/components/agencias/cargando";
import { FiltrosAgencias } from "@/components/agencias/filtros";
import { FormularioInvitacion } from "@/components/agencias/formulario-invitacion";
import { TablaAgencias } from "@/components/agencias/tabla-agencias";
import { Alert } from "@/components/ui/alert";
import { enlaceClass } from "@/components/ui/button-class";
import { Card } from "@/components/ui/card";
import { type FiltrosAgencias as Filtros, filtrosDesdeUrl, listarAgencias } from "@/lib/panel/agencias/datos";
import type { Traductor } from "@/lib/panel/i18n/idiomas";
import { type CurrentUser, exigirUsuario } from "@/lib/panel/session";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("agencias.titulo") };
}

function describir(t: Traductor, filtros: Filtros, cantidad: number): string {
  const partes = [t("agencias.cantidad", { n: cantidad, estado: t(`agencias.nombresEstado.${filtros.estado}`) })];
  if (filtros.q) partes.push(t("agencias.coinciden", { q: filtros.q }));
  if (filtros.operador) partes.push(t("agencias.conOperador", { operador: filtros.operador }));
  return `${partes.join(" ")}.`;
}

async function Resultados({ user, filtros }: { user: CurrentUser; filtros: Filtros }) {
  const t = await getTranslations();
  const resultado = await listarAgencias(user, filtros);
  if (!resultado.ok) {
    return resultado.error === "operador" ? (
      <Alert tono="aviso" titulo={t("agencias.revisaOperador")}>
        {resultado.mensaje}
      </Alert>
    ) : (
      <Alert tono="error" titulo={t("agencias.errorCarga")}>
        {resultado.mensaje}
      </Alert>
    );
  }
  const filtrando = Boolean(filtros.q || filtros.operador || filtros.estado !== "todas");
  if (resultado.agencias.length === 0) {
    return (
      <Card as="div" className="text-center">
        <p className="font-semibold text-slate-900">{filtrando ? t("agencias.sinCoincidencias") : t("agencias.sinAgencias")}</p>
        <p className="mt-1 text-sm text-slate-600">
          {filtrando ? t("agencias.probaOtro") : user.role === "admin" ? t("agencias.invitaPrimera") : t("agencias.cuandoInvite")}
        </p>
        {filtrando && (
          <Link href="/panel/agencias" className={enlaceClass("mt-3 text-sm")}>
            {t("agencias.verTodas")}
          </Link>
        )}
      </Card>
    );
  }
  return (
    <>
      <p className="sr-only" role="status">
        {describir(t, filtros, resultado.agencias.length)}
      </p>
      <TablaAgencias agencias={resultado.agencias} descripcion={describir(t, filtros, resultado.agencias.length)} />
    </>
  );
}

export default async function AgenciasPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await exigirUsuario({ roles: ["admin", "soporte"], next: "/panel/agencias" });
  const params = await searchParams;
  const filtros = filtrosDesdeUrl(params);
  const desasociada = typeof params.desasociada === "string" ? params.desasociada : undefined;
  const t = await getTranslations();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t("agencias.titulo")}</h1>
        <p className="mt-1 text-slate-600">{user.role === "admin" ? t("agencias.descripcionAdmin") : t("agencias.descripcionSoporte")}</p>
      </div>
      {desasociada && (
        <Alert tono="exito" titulo={t("agencias.desasociadaTitulo")}>
          {t("agencias.desasociadaTexto", { mail: desasociada })}
        </Alert>
      )}
      {user.role === "admin" && (
        <Card titulo={<span id="titulo-invitar">{t("agencias.invitarTitulo")}</span>} descripcion={t("agencias.invitarTexto")}>
          <FormularioInvitacion />
        </Card>
      )}
      <section aria-labelledby="titulo-listado" className="space-y-4">
        <h2 id="titulo-listado" className="text-lg font-semibold tracking-tight text-slate-900">
          {t("agencias.listado")}
        </h2>
        <FiltrosAgencias filtros={filtros} />
        <Suspense key={JSON.stringify(filtros)} fallback={<Cargando texto={t("agencias.cargando")} />}>
          <Resultados user={user} filtros={filtros} />
        </Suspense>
      </section>
    </div>
  );
}
