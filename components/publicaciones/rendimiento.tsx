import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { periodoDe, urlConsultas } from "@/lib/panel/consultas/filtros";
import { explicarFalla } from "@/lib/panel/fallas";
import { dinero, numero } from "@/lib/panel/formatos";
import { urlPublicacion } from "@/lib/panel/publicaciones/filtros";
import { autoDe } from "@/lib/panel/publicaciones/presentacion";
import { DIAS_RENDIMIENTO, rendimientoDe } from "@/lib/panel/publicaciones/rendimiento";
import type { V3Client } from "@/lib/panel/v3-client";
import type { Publicacion } from "@/lib/panel/v3-tipos";

type Props = {
  client: V3Client;
  adminMail: string;
  operador?: string;
  fijo: boolean;
  hoy: string;
  visible: (publicacion: Publicacion) => boolean;
};

const enlace = "inline-flex min-h-11 items-center font-medium text-marca-700 hover:underline md:min-h-0";

/**
 * Which cars bring buyers: the listings with most enquiries in 30 days (each count opens the inbox
 * filtered by the listing and those days) and the Activa ones nobody asked about ("sin consultas").
 */
export async function Rendimiento({ client, adminMail, operador, fijo, hoy, visible }: Props) {
  const t = await getTranslations("publicaciones");
  const f = await getFormatter();
  let datos: Awaited<ReturnType<typeof rendimientoDe>>;
  try {
    datos = await rendimientoDe(client, { adminMail, operador, hoy, visible });
  } catch (error) {
    return (
      <Alert tono="error" titulo={t("rendimiento.error")}>
        {explicarFalla(error, await getTranslations(), adminMail)}
      </Alert>
    );
  }
  const agencia = fijo ? undefined : adminMail;
  const periodo = periodoDe(DIAS_RENDIMIENTO, hoy);
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card titulo={t("rendimiento.masConsultadas")} descripcion={t("rendimiento.masConsultadasTexto")}>
        {datos.masConsultadas.length === 0 ? (
          <p className="text-sm text-slate-600">{t("rendimiento.ningunaConsultada")}</p>
        ) : (
          <ol className="divide-y divide-slate-100" data-testid="mas-consultadas">
            {datos.masConsultadas.map(({ publicacion, cantidad }) => (
              <li key={publicacion.ExternalId} className="flex flex-wrap items-center justify-between gap-x-3 py-2">
                <Link href={urlPublicacion(publicacion.ExternalId, agencia)} prefetch={false} className={`${enlace} min-w-0`}>
                  {autoDe(publicacion)}
                </Link>
                <Link
                  href={urlConsultas({ agencia, externalid: publicacion.ExternalId, atendida: "todas", ...periodo })}
                  prefetch={false}
                  className={`${enlace} tabular-nums`}
                >
                  {t("consultas", { n: cantidad })}
                </Link>
              </li>
            ))}
          </ol>
        )}
      </Card>
      <Card titulo={t("rendimiento.sinConsultas")} descripcion={t("rendimiento.sinConsultasTexto")}>
        {datos.sinConsultas.length === 0 ? (
          <p className="text-sm text-slate-600">{t("rendimiento.todasConConsultas")}</p>
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="sin-consultas">
            {datos.sinConsultas.map((publicacion) => (
              <li key={publicacion.ExternalId} className="flex flex-wrap items-center justify-between gap-x-3 py-2">
                <Link href={urlPublicacion(publicacion.ExternalId, agencia)} prefetch={false} className={`${enlace} min-w-0`}>
                  {autoDe(publicacion)}
                </Link>
                <span className="text-sm text-slate-700">
                  {dinero(f, publicacion.Precio)} ·{" "}
                  <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-600/20 ring-inset">
                    {t("rendimiento.etiquetaSinConsultas")}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        )}
        {datos.activas > datos.revisadas && (
          <p className="mt-2 text-xs text-slate-600">
            {t("rendimiento.masDe", { n: numero(f, datos.revisadas), total: numero(f, datos.activas) })}
          </p>
        )}
      </Card>
    </div>
  );
}
