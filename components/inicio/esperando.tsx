import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { Card } from "@/components/ui/card";
import { fechaHora, relativo } from "@/lib/panel/formatos";
import type { Esperando } from "@/lib/panel/inicio/numeros";

/** The enquiries nobody attended yet, the longest waiting first; each opens in the inbox. */
export async function ListaEsperando({ esperando, conAgencia, ahora }: { esperando: Esperando[]; conAgencia: boolean; ahora: Date }) {
  const t = await getTranslations();
  const f = await getFormatter();
  return (
    <Card titulo={t("inicio.esperando")} descripcion={esperando.length ? t("inicio.esperandoTexto") : t("inicio.nadieEsperando")}>
      {esperando.length > 0 && (
        <ol className="divide-y divide-slate-100" data-testid="esperando">
          {esperando.map((consulta) => (
            <li key={consulta.sid} className="flex flex-wrap items-center justify-between gap-x-4 py-2">
              <Link href={consulta.href} className="flex min-h-11 flex-col justify-center font-semibold text-marca-700 hover:underline">
                {consulta.nombre}
                <span className="text-sm font-normal text-slate-600">
                  {consulta.auto}
                  {conAgencia && ` · ${consulta.adminMail}`}
                </span>
              </Link>
              <time dateTime={consulta.momento} title={fechaHora(f, consulta.momento)} className="text-sm text-slate-700">
                {relativo(f, consulta.momento, ahora)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
