import type { Metadata } from "next";
import { getFormatter, getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { Cargando } from "@/components/agencias/cargando";
import type { Agencias } from "@/components/equipo/campos";
import type { FilaMiembro } from "@/components/equipo/dialogos";
import { FormularioMiembro } from "@/components/equipo/formulario-miembro";
import { TablaEquipo } from "@/components/equipo/tabla-equipo";
import { Card } from "@/components/ui/card";
import { agenciasRegistradas } from "@/lib/panel/equipo/agencias";
import { listarMiembros } from "@/lib/panel/equipo/miembros";
import { explicarFalla } from "@/lib/panel/fallas";
import { fechaHora } from "@/lib/panel/formatos";
import { type CurrentUser, exigirUsuario } from "@/lib/panel/session";
import { v3ClientFor } from "@/lib/panel/v3-client";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("equipo.titulo") };
}

/** The registered agencies of the workspace's app (GET /v3/agencias), for the `agencia` role; null when the API fails. */
async function leerAgencias(user: CurrentUser): Promise<Agencias> {
  try {
    return { lista: await agenciasRegistradas(await v3ClientFor(user.workspace.id)) };
  } catch (error) {
    return { lista: null, error: explicarFalla(error, await getTranslations()) };
  }
}

/** The add form and the members, once the members (the Panel's table) and the agencies (the API) are read. */
async function Equipo({ user }: { user: CurrentUser }) {
  const t = await getTranslations();
  const f = await getFormatter();
  const [miembros, agencias] = await Promise.all([listarMiembros(user.workspace.id), leerAgencias(user)]);
  const nombres = new Map((agencias.lista ?? []).map((agencia) => [agencia.adminMail, agencia.nombre]));
  const filas: FilaMiembro[] = miembros.map((miembro) => ({
    id: miembro.id,
    email: miembro.email,
    nombre: miembro.name,
    rol: miembro.role,
    agencia: miembro.agencyAdminMail,
    agenciaNombre: (miembro.agencyAdminMail && nombres.get(miembro.agencyAdminMail)) ?? null,
    desde: fechaHora(f, miembro.createdAt),
    yo: miembro.id === user.id,
  }));
  return (
    <>
      <Card titulo={<span id="titulo-agregar">{t("equipo.agregar.titulo")}</span>} descripcion={t("equipo.agregar.texto")}>
        <FormularioMiembro agencias={agencias} />
      </Card>
      <section aria-labelledby="titulo-miembros" className="space-y-4">
        <h2 id="titulo-miembros" className="text-lg font-semibold tracking-tight text-slate-900">
          {t("equipo.miembros")}
        </h2>
        <TablaEquipo filas={filas} agencias={agencias} />
      </section>
    </>
  );
}

/**
 * The workspace's team (docs/contract.md#dashboard-roles, decisions 0015), admin only. The role check runs before anything
 * streams (a route loading.tsx would send 200 before a 403); the data suspends below it.
 */
export default async function EquipoPage() {
  const user = await exigirUsuario({ roles: ["admin"], next: "/panel/equipo" });
  const t = await getTranslations();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t("equipo.titulo")}</h1>
        <p className="mt-1 text-slate-600">{t("equipo.descripcion", { espacio: user.workspace.name })}</p>
      </div>
      <Suspense fallback={<Cargando texto={t("equipo.cargando")} filas={6} />}>
        <Equipo user={user} />
      </Suspense>
    </div>
  );
}
