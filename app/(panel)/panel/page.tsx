import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { Paquete } from "@/components/agencias/paquete";
import { CercaDelLimite } from "@/components/inicio/cerca-del-limite";
import { Cifras, cifrasDe } from "@/components/inicio/cifras";
import { ListaEsperando } from "@/components/inicio/esperando";
import { GraficoPorDia } from "@/components/inicio/grafico-por-dia";
import { NumerosDeAgencias } from "@/components/inicio/numeros-de-agencias";
import { EntregasFallidas, SaludWebhooks } from "@/components/inicio/salud-webhooks";
import { TarjetaSemana } from "@/components/inicio/semana";
import { Rendimiento } from "@/components/publicaciones/rendimiento";
import { Alert } from "@/components/ui/alert";
import { buttonClass, enlaceClass } from "@/components/ui/button-class";
import { Card } from "@/components/ui/card";
import { inputClass } from "@/components/ui/field";
import { MAX_Q } from "@/lib/api/limites";
import { areasFor } from "@/lib/panel/areas";
import { limitesFechas, periodoDe, urlConsultas } from "@/lib/panel/consultas/filtros";
import { explicarFalla } from "@/lib/panel/fallas";
import { zonaHorariaDelPanel } from "@/lib/panel/i18n/zona-horaria";
import { DIAS_INICIO, entregasFallidas, type NumerosAgencia, numerosDeAgencia, saludDeTopicos } from "@/lib/panel/inicio/numeros";
import { agenciasCercaDelLimite } from "@/lib/panel/inicio/paquetes";
import { semanasDeAgencia } from "@/lib/panel/inicio/semana";
import { visibleEnLaVista } from "@/lib/panel/publicaciones/vista";
import { type CurrentUser, exigirUsuario } from "@/lib/panel/session";
import { type V3Client, v3ClientFor } from "@/lib/panel/v3-client";

/**
 * Each role's home (issue 21, item 4; decisions 0047), its numbers from the v3 API: an agency's operator sees her own
 * enquiries of today, 7 and 30 days, this week against the previous (decision 0104), a bar per day,
 * those waiting longest and her median time to attend; admin the same across agencies plus each webhook topic's health; soporte the failing
 * deliveries and the search. Then the role's sections.
 */
export default async function PanelHome() {
  const user = await exigirUsuario({ next: "/panel" });
  const t = await getTranslations();
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t("inicio.hola", { nombre: user.name ?? "none" })}</h1>
        <p className="mt-1 text-slate-600">{t("inicio.espacio", { espacio: user.workspace.name })}</p>
      </div>
      {user.role === "agencia" ? (
        <InicioAgencia user={user} />
      ) : user.role === "admin" ? (
        <InicioAdmin user={user} />
      ) : (
        <InicioSoporte user={user} />
      )}
      <Secciones user={user} />
    </div>
  );
}

const hoyDelPanel = () => limitesFechas(zonaHorariaDelPanel()).hoy;

async function InicioAgencia({ user }: { user: CurrentUser }) {
  const t = await getTranslations();
  const f = await getFormatter();
  const agencia = user.agency;
  if (!agencia) return null;
  const hoy = hoyDelPanel();
  const client = await v3ClientFor(user.workspace.id);
  let numeros: NumerosAgencia;
  try {
    numeros = await numerosDeAgencia(client, agencia.adminMail, {
      hoy,
      operador: agencia.operatorEmail,
      fijo: true,
    });
  } catch (error) {
    return (
      <Alert tono="error" titulo={t("inicio.errorNumeros")}>
        {explicarFalla(error, t, agencia.adminMail)}
      </Alert>
    );
  }
  return (
    <>
      <Cifras cifras={cifrasDe(numeros, t, f, numeros.mediana)} />
      <SemanaDeLaAgencia client={client} adminMail={agencia.adminMail} operador={agencia.operatorEmail} hoy={hoy} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <GraficoPorDia porDia={numeros.porDia} titulo={t("inicio.porDia", { dias: DIAS_INICIO })} />
        </Card>
        <ListaEsperando esperando={numeros.esperando} conAgencia={false} ahora={new Date()} />
      </div>
      {/* The inbox over the card's period: its "Sin atender" tab counts the same enquiries. */}
      <Link href={urlConsultas({ atendida: "no", ...periodoDe(DIAS_INICIO, hoy) })} className={buttonClass("primario")}>
        {t("inicio.irSinAtender", { n: numeros.sinAtender, dias: DIAS_INICIO })}
      </Link>
      <PaqueteDeLaAgencia client={client} adminMail={agencia.adminMail} />
      <Rendimiento
        client={client}
        adminMail={agencia.adminMail}
        operador={agencia.operatorEmail}
        fijo
        hoy={hoy}
        visible={(publicacion) =>
          visibleEnLaVista({ fijo: true, adminMail: agencia.adminMail, operador: agencia.operatorEmail }, publicacion)
        }
      />
    </>
  );
}

/** This week against the previous one (decision 0104), apart: its failure leaves the rest of the home. */
async function SemanaDeLaAgencia({
  client,
  adminMail,
  operador,
  hoy,
}: {
  client: V3Client;
  adminMail: string;
  operador?: string;
  hoy: string;
}) {
  const t = await getTranslations();
  try {
    return <TarjetaSemana semanas={await semanasDeAgencia(client, adminMail, { hoy, operador })} />;
  } catch (error) {
    return (
      <Alert tono="error" titulo={t("inicio.semana.error")}>
        {explicarFalla(error, t, adminMail)}
      </Alert>
    );
  }
}

/** The agency's package at a glance on its home: used against contracted, and until when. */
async function PaqueteDeLaAgencia({ client, adminMail }: { client: V3Client; adminMail: string }) {
  const t = await getTranslations();
  try {
    const productos = await client.getAgenciaProductos(adminMail);
    return (
      <Card titulo={productos.Plan ?? t("paquete.tuPaquete")} descripcion={t("paquete.tuPaqueteTexto")}>
        <Paquete productos={productos} hoy={hoyDelPanel()} idBase="inicio-paquete" />
      </Card>
    );
  } catch (error) {
    return (
      <Alert tono="error" titulo={t("paquete.error")}>
        {explicarFalla(error, t, adminMail)}
      </Alert>
    );
  }
}

async function InicioAdmin({ user }: { user: CurrentUser }) {
  const t = await getTranslations();
  const f = await getFormatter();
  const client = await v3ClientFor(user.workspace.id);
  const hoy = hoyDelPanel();
  const registradas = client.listAgencias().then(({ _entries }) => _entries.filter((agencia) => agencia.Estado === "registrada"));
  const [agencias, salud, cerca] = await Promise.allSettled([
    registradas.then(async (lista) => {
      const numeros = await Promise.all(lista.map((agencia) => numerosDeAgencia(client, agencia.AdminMail, { hoy, fijo: false })));
      return numeros.map((n, indice) => ({ ...n, nombre: lista[indice]?.Nombre ?? null }));
    }),
    saludDeTopicos(client),
    registradas.then((lista) => agenciasCercaDelLimite(client, lista)),
  ]);
  return (
    <>
      {agencias.status === "rejected" ? (
        <Alert tono="error" titulo={t("inicio.errorNumeros")}>
          {explicarFalla(agencias.reason, t)}
        </Alert>
      ) : (
        <NumerosDeAgencias agencias={agencias.value} f={f} t={t} />
      )}
      {cerca.status === "rejected" ? (
        <Alert tono="error" titulo={t("inicio.cerca.error")}>
          {explicarFalla(cerca.reason, t)}
        </Alert>
      ) : (
        <CercaDelLimite paquetes={cerca.value} />
      )}
      {salud.status === "rejected" ? (
        <Alert tono="error" titulo={t("inicio.salud.error")}>
          {explicarFalla(salud.reason, t)}
        </Alert>
      ) : (
        <SaludWebhooks salud={salud.value} />
      )}
    </>
  );
}

async function InicioSoporte({ user }: { user: CurrentUser }) {
  const t = await getTranslations();
  let fallidas: Awaited<ReturnType<typeof entregasFallidas>> | null = null;
  let error: string | null = null;
  try {
    fallidas = await entregasFallidas(await v3ClientFor(user.workspace.id));
  } catch (failure) {
    error = explicarFalla(failure, t);
  }
  return (
    <>
      <Card titulo={t("inicio.buscarTitulo")} descripcion={t("inicio.buscarTexto")}>
        <search>
          <form action="/panel/consultas/buscar" method="get" className="flex flex-col gap-2 sm:flex-row">
            <label htmlFor="inicio-buscar" className="sr-only">
              {t("inicio.buscarTitulo")}
            </label>
            <input
              id="inicio-buscar"
              name="q"
              type="search"
              required
              maxLength={MAX_Q}
              autoComplete="off"
              className={`${inputClass} mt-0 min-w-0 flex-1`}
              placeholder={t("marco.buscarEjemploCorto")}
            />
            <button type="submit" className={buttonClass("primario", "min-h-11")}>
              {t("consultas.filtros.buscarBoton")}
            </button>
          </form>
        </search>
      </Card>
      {error ? (
        <Alert tono="error" titulo={t("inicio.fallidas.error")}>
          {error}
        </Alert>
      ) : (
        fallidas && <EntregasFallidas entregas={fallidas} />
      )}
    </>
  );
}

async function Secciones({ user }: { user: CurrentUser }) {
  const t = await getTranslations();
  const rol = user.role;
  const descripcion = (clave: string) => {
    const key = `inicio.descripciones.${clave}.${rol}` as const;
    return t.has(key as never) ? t(key as never) : undefined;
  };
  return (
    <section aria-labelledby="inicio-secciones" className="space-y-4">
      <h2 id="inicio-secciones" className="text-lg font-semibold tracking-tight text-slate-900">
        {t("inicio.secciones")}
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {areasFor(rol).map((area) => (
          <li key={area.href}>
            <Card as="article" titulo={t(`marco.areas.${area.clave}`)} descripcion={descripcion(area.clave)} className="h-full">
              <Link href={area.href} className={enlaceClass("text-sm")}>
                {t("inicio.ir", { area: t(`marco.areas.${area.clave}`) })}
                <span aria-hidden="true"> →</span>
              </Link>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
