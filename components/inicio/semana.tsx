import { getFormatter, getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { dia, type Formateador, numero, SIN_DATO } from "@/lib/panel/formatos";
import type { Traductor } from "@/lib/panel/i18n/idiomas";
import type { Semana, Semanas } from "@/lib/panel/inicio/semana";

type Sentido = "mas" | "menos" | "igual";
const FLECHAS: Record<Sentido, string> = { mas: "↑", menos: "↓", igual: "=" };
const sentidoDe = (diferencia: number): Sentido => (diferencia > 0 ? "mas" : diferencia < 0 ? "menos" : "igual");

/** A share in whole percent: the same rounding for the value shown and the points it changed. */
const enteroPorciento = (parte: number) => Math.round(parte * 100);
const porcentaje = (f: Formateador, parte: number | null) =>
  parte === null ? SIN_DATO : f.number(enteroPorciento(parte) / 100, { style: "percent", maximumFractionDigits: 0 });

type Fila = { clave: string; etiqueta: string; valor: string; anterior: string; diferencia: number | null; enPuntos: boolean };

function filasDe(semanas: Semanas, t: Traductor, f: Formateador): Fila[] {
  const { actual, anterior } = semanas;
  const cuenta = (clave: "recibidas" | "atendidas") => ({
    clave,
    etiqueta: t(`inicio.semana.${clave}`),
    valor: numero(f, actual[clave]),
    anterior: numero(f, anterior[clave]),
    diferencia: actual[clave] - anterior[clave],
    enPuntos: false,
  });
  const [ahora, antes] = [actual.enUnaHora, anterior.enUnaHora];
  return [
    cuenta("recibidas"),
    cuenta("atendidas"),
    {
      clave: "enUnaHora",
      etiqueta: t("inicio.semana.enUnaHora"),
      valor: porcentaje(f, ahora),
      anterior: porcentaje(f, antes),
      diferencia: ahora === null || antes === null ? null : enteroPorciento(ahora) - enteroPorciento(antes),
      enPuntos: true,
    },
  ];
}

/** How a number moved against the previous week, in words with an arrow (never colour alone). */
function Comparacion({ fila, t }: { fila: Fila; t: Traductor }) {
  const anterior = (chunks: ReactNode) => <span data-testid={`semana-${fila.clave}-anterior`}>{chunks}</span>;
  const valores = { anterior, valor: fila.anterior };
  if (fila.diferencia === null) return <>{t.rich("inicio.semana.soloAnterior", valores)}</>;
  const sentido = sentidoDe(fila.diferencia);
  const n = Math.abs(fila.diferencia);
  return (
    <>
      <span aria-hidden="true">{FLECHAS[sentido]} </span>
      {t.rich(fila.enPuntos ? "inicio.semana.cambioPuntos" : "inicio.semana.cambio", { ...valores, sentido, n })}
    </>
  );
}

const rango = (f: Formateador, semana: Semana) => ({ desde: dia(f, semana.desde), hasta: dia(f, semana.hasta) });

/**
 * The agencia home's week card (decision 0104): received, attended and the share attended within an
 * hour of the last 7 days, each with the previous 7 days' value and the change in words.
 */
export async function TarjetaSemana({ semanas }: { semanas: Semanas }) {
  const t = await getTranslations();
  const f = await getFormatter();
  const actual = rango(f, semanas.actual);
  const anterior = rango(f, semanas.anterior);
  return (
    <Card
      titulo={t("inicio.semana.titulo")}
      descripcion={t("inicio.semana.periodo", {
        ...actual,
        desdeAnterior: anterior.desde,
        hastaAnterior: anterior.hasta,
      })}
    >
      <dl className="grid gap-4 sm:grid-cols-3" data-testid="semana">
        {filasDe(semanas, t, f).map((fila) => (
          <div key={fila.clave} className="rounded-xl bg-slate-50 p-4">
            <dt className="text-sm text-slate-600">{fila.etiqueta}</dt>
            <dd className="mt-1 text-2xl font-bold tracking-tight text-slate-900 tabular-nums" data-testid={`semana-${fila.clave}`}>
              {fila.valor}
            </dd>
            <dd className="mt-1 text-sm text-slate-700 tabular-nums" data-testid={`semana-${fila.clave}-cambio`}>
              <Comparacion fila={fila} t={t} />
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
