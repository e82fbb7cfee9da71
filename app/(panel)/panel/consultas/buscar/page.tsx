import type { Metadata } from "next";
import { getFormatter, getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { CargandoConsultas } from "@/components/consultas/cargando";
import { Paginacion } from "@/components/consultas/paginacion";
import { TablaConsultas } from "@/components/consultas/tabla-consultas";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { MAX_PAGINA } from "@/lib/api/limites";
import { puedeMarcarAtencion } from "@/lib/panel/areas";
import { urlConsultas } from "@/lib/panel/consultas/filtros";
import { leidasDe } from "@/lib/panel/consultas/leidas";
import { filaDe } from "@/lib/panel/consultas/presentacion";
import { sidDe } from "@/lib/panel/consultas/vista";
import { explicarFalla } from "@/lib/panel/fallas";
import { exigirUsuario } from "@/lib/panel/session";
import { v3ClientFor } from "@/lib/panel/v3-client";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("consultas.busqueda.titulo") };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const primero = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.trim() || undefined;
const urlBusqueda = (q: string, pagina?: number) =>
  `/panel/consultas/buscar?${new URLSearchParams({ q, ...(pagina && pagina > 1 && { pagina: String(pagina) }) })}`;

/**
 * The header's search for admin and soporte: GET /v3/consultas?q= across every agency of the app,
 * each result saying its agency and opening in that agency's inbox. The role check runs before
 * anything streams; the results suspend below the heading.
 */
export default async function BuscarConsultas({ searchParams }: { searchParams: SearchParams }) {
  const crudos = await searchParams;
  const q = primero(crudos.q);
  const paginaCruda = Number(primero(crudos.pagina) ?? "1");
  const pagina = Number.isInteger(paginaCruda) && paginaCruda >= 1 && paginaCruda <= MAX_PAGINA ? paginaCruda : 1;
  const user = await exigirUsuario({ roles: ["admin", "soporte"], next: q ? urlBusqueda(q, pagina) : "/panel/consultas/buscar" });
  const t = await getTranslations();
  return (
    // Wide: the table takes the window's width on a large screen (app/(panel)/panel/layout.tsx).
    <div className="space-y-6" data-ancho="amplio">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t("consultas.busqueda.titulo")}</h1>
        <p className="mt-1 text-slate-600">{q ? t("consultas.busqueda.de", { q }) : t("consultas.busqueda.ayuda")}</p>
      </div>
      {q ? (
        <Suspense key={urlBusqueda(q, pagina)} fallback={<CargandoConsultas texto={t("consultas.cargando")} filtros={false} />}>
          <Resultados userId={user.id} workspaceId={user.workspace.id} q={q} pagina={pagina} puedeMarcar={puedeMarcarAtencion(user.role)} />
        </Suspense>
      ) : (
        <Card titulo={t("consultas.busqueda.vaciaTitulo")} descripcion={t("consultas.busqueda.ayuda")} />
      )}
    </div>
  );
}

async function Resultados({
  userId,
  workspaceId,
  q,
  pagina,
  puedeMarcar,
}: {
  userId: string;
  workspaceId: string;
  q: string;
  pagina: number;
  puedeMarcar: boolean;
}) {
  const t = await getTranslations();
  const f = await getFormatter();
  const client = await v3ClientFor(workspaceId);
  const [busqueda, agencias] = await Promise.allSettled([client.searchConsultas({ q, pagina }), client.listAgencias()]);
  if (busqueda.status === "rejected") {
    return (
      <Alert tono="error" titulo={t("consultas.busqueda.error")}>
        {explicarFalla(busqueda.reason, t)}
      </Alert>
    );
  }
  const nombres = new Map(
    agencias.status === "fulfilled" ? agencias.value._entries.map((agencia) => [agencia.AdminMail, agencia.Nombre] as const) : [],
  );
  const { Total: total, PerPagina: porPagina, _entries: entradas } = busqueda.value;
  const paginas = Math.min(MAX_PAGINA, Math.max(1, Math.ceil(total / Math.max(1, porPagina))));
  const cantidad = t("consultas.cantidad", { n: total });
  if (entradas.length === 0) {
    return <Card titulo={t("consultas.busqueda.sinResultados", { q })} descripcion={t("consultas.busqueda.sinResultadosTexto")} />;
  }
  const sids = entradas.map(sidDe);
  const leidas = await leidasDe(userId, sids);
  const filas = entradas.map((consulta, indice) => {
    const sid = sids[indice] as string;
    const nombre = nombres.get(consulta.AdminMail);
    return {
      ...filaDe(consulta, sid, t, f),
      adminMail: consulta.AdminMail,
      leida: leidas.has(sid),
      agencia: nombre ? `${nombre} (${consulta.AdminMail})` : consulta.AdminMail,
      href: urlConsultas({ agencia: consulta.AdminMail, q, atendida: "todas", sid }),
    };
  });
  return (
    <section aria-labelledby="resultado-titulo" className="space-y-4">
      <h2 id="resultado-titulo" className="text-lg font-semibold tracking-tight text-slate-900" data-testid="total">
        {cantidad}
      </h2>
      <TablaConsultas
        filas={filas}
        conOperador
        puedeMarcar={puedeMarcar}
        caption={t("consultas.busqueda.caption", { q, pagina, paginas, cantidad })}
      />
      <Paginacion
        pagina={pagina}
        paginas={paginas}
        hrefs={{
          primera: urlBusqueda(q),
          anterior: urlBusqueda(q, pagina - 1),
          siguiente: urlBusqueda(q, pagina + 1),
          ultima: urlBusqueda(q, paginas),
        }}
      />
    </section>
  );
}
