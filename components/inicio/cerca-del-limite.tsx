import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { Barra } from "@/components/agencias/paquete";
import { Card } from "@/components/ui/card";
import { dia } from "@/lib/panel/formatos";
import type { UsoDePaquete } from "@/lib/panel/inicio/paquetes";
import { urlPublicaciones } from "@/lib/panel/publicaciones/filtros";

/** The agencies using most of their package: a bar each (Activa over contracted), and until when the plan runs. */
export async function CercaDelLimite({ paquetes }: { paquetes: UsoDePaquete[] }) {
  const t = await getTranslations();
  const f = await getFormatter();
  return (
    <Card titulo={t("inicio.cerca.titulo")} descripcion={t("inicio.cerca.texto")}>
      {paquetes.length === 0 ? (
        <p className="text-sm text-slate-600">{t("inicio.cerca.ninguna")}</p>
      ) : (
        <ul className="space-y-4" data-testid="cerca-del-limite">
          {paquetes.map((paquete, indice) => (
            <li key={paquete.adminMail} className="space-y-1">
              <Link
                href={urlPublicaciones({ agencia: paquete.adminMail })}
                className="inline-flex min-h-11 items-center font-semibold text-marca-700 hover:underline md:min-h-0"
              >
                {paquete.nombre ? `${paquete.nombre} (${paquete.adminMail})` : paquete.adminMail}
              </Link>
              <Barra
                id={`cerca-${indice}`}
                titulo={t("inicio.cerca.uso")}
                t={t}
                f={f}
                usadas={paquete.activas}
                contratadas={paquete.contratadas}
                detalle={paquete.vigenteHasta ? t("agencias.paquete.vence", { dia: dia(f, paquete.vigenteHasta) }) : undefined}
              />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
