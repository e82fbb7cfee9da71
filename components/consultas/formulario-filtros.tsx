"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useFormatter, useTranslations } from "next-intl";
import { type ReactNode, useMemo, useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { buttonClass } from "@/components/ui/button-class";
import { describedBy, Field, Input, inputClass } from "@/components/ui/field";
import { BotonPlegable, usePlegable } from "@/components/ui/plegable";
import { DIAS_CONSULTAS, MAX_EXTERNALID, MAX_Q } from "@/lib/api/limites";
import { esquemaFiltros, type Filtros, type FiltrosFormulario, PRESETS, periodoDe, urlConsultas } from "@/lib/panel/consultas/filtros";
import { dia } from "@/lib/panel/formatos";

export type OpcionAgencia = { adminMail: string; nombre: string | null; operadores: string[] };

type Props = {
  agencias: OpcionAgencia[];
  /** An `agencia` user: agency and operator are fixed by the server, shown read-only. */
  fijo: boolean;
  valores: { agencia?: string; q?: string; operador?: string; externalid?: string; desde?: string; hasta?: string };
  /** The tab (atendida) the filters keep when applied. */
  atendida?: string;
  /** Errors of the URL's parameters or of the API (400), by field. */
  errores: Record<string, string[]> | null;
  hoy: string;
  minimo: string;
  /** The attention tabs, below the search: on a phone both stay at the top while the list scrolls. */
  pestanas: ReactNode;
  /** The CSV export of this view, when it has enquiries: on a phone behind «Más» (on a desktop beside the count). */
  exportar: string | null;
};

const CAMPOS = ["agencia", "operador", "externalid", "desde", "hasta", "q"] as const;

/**
 * The inbox's filters: checked with the same zod rules the server applies (and the API's limits),
 * then written to the URL, so a filtered view can be shared, reloaded and reached with Back. On a
 * phone (issue 34, part 3) the search and the tabs are one compact bar that stays at the top, and the
 * periods, the other filters and the export wait behind its «Más» (a disclosure), so the first screen
 * shows enquiries.
 */
export function FormularioFiltros({ agencias, fijo, valores, atendida, errores, hoy, minimo, pestanas, exportar }: Props) {
  const router = useRouter();
  const t = useTranslations();
  const f = useFormatter();
  const [pendiente, startTransition] = useTransition();
  const activos = (fijo ? CAMPOS.slice(2, 5) : CAMPOS.slice(1, 5)).filter((campo) => valores[campo]).length;
  // On a phone the filters fold behind one button; open when the URL's filters have an error to show.
  const plegable = usePlegable("filtros-consultas", Boolean(errores));
  // On a phone the periods, the filters' button and the export wait behind «Más».
  const [mas, setMas] = useState(false);
  const schema = useMemo(() => esquemaFiltros(hoy, t, f), [hoy, t, f]);
  const defaultValues = {
    agencia: valores.agencia ?? "",
    q: valores.q ?? "",
    operador: valores.operador ?? "",
    externalid: valores.externalid ?? "",
    desde: valores.desde ?? "",
    hasta: valores.hasta ?? "",
  };
  // Stable between renders: react-hook-form applies `errors` again whenever its reference changes.
  const erroresServidor = useMemo(() => {
    const campos = CAMPOS.filter((campo) => errores?.[campo]?.length);
    if (campos.length === 0) return undefined;
    return Object.fromEntries(campos.map((campo) => [campo, { type: "servidor", message: errores?.[campo]?.join(" ") }]));
  }, [errores]);
  const {
    register,
    handleSubmit,
    watch,
    reset,
    setValue,
    formState: { errors },
  } = useForm<FiltrosFormulario, unknown, Filtros>({
    resolver: zodResolver(schema),
    defaultValues,
    errors: erroresServidor,
  });

  const agenciaElegida = watch("agencia");
  const operadores = agencias.find((agencia) => agencia.adminMail === agenciaElegida)?.operadores ?? [];

  function aplicar(filtros: Filtros) {
    const url = urlConsultas({
      agencia: fijo ? undefined : filtros.agencia,
      q: filtros.q,
      atendida,
      operador: fijo ? undefined : filtros.operador,
      externalid: filtros.externalid,
      desde: filtros.desde,
      hasta: filtros.hasta,
    });
    startTransition(() => router.push(url, { scroll: false }));
  }

  function limpiar() {
    const vacio = { agencia: fijo ? defaultValues.agencia : agenciaElegida, q: "", operador: "", externalid: "", desde: "", hasta: "" };
    reset(vacio);
    startTransition(() => router.push(urlConsultas({ agencia: fijo ? undefined : vacio.agencia, atendida }), { scroll: false }));
  }

  /** A date preset fills desde and hasta and applies every filter at once. */
  function periodo(dias: number) {
    const { desde, hasta } = periodoDe(dias, hoy);
    setValue("desde", desde);
    setValue("hasta", hasta);
    void handleSubmit(aplicar)();
  }
  const [desdeActual, hastaActual] = [watch("desde"), watch("hasta")];
  const presetActivo = (dias: number) => {
    const { desde, hasta } = periodoDe(dias, hoy);
    return desdeActual === desde && hastaActual === hasta;
  };

  const error = (campo: (typeof CAMPOS)[number]) => errors[campo]?.message;
  const aria = (campo: (typeof CAMPOS)[number], hint = false) => ({
    "aria-invalid": error(campo) ? true : undefined,
    "aria-describedby": describedBy(`filtro-${campo}`, { hint, error: Boolean(error(campo)) }),
  });

  return (
    // Sticky on a phone, except while the filters are open (taller than the window, it would hide their end).
    <search
      aria-label={t("consultas.filtros.etiqueta")}
      className={`${plegable.abierto ? "" : "sticky top-0"} z-20 -mx-6 bg-white px-6 py-2 shadow-sm md:static md:mx-0 md:bg-transparent md:p-0 md:shadow-none`}
    >
      <form noValidate onSubmit={handleSubmit(aplicar)} className="space-y-2 md:space-y-3">
        <div className="flex items-end gap-2">
          {/* On a phone the label and the hint are for screen readers only: the bar stays one row high. */}
          <div className="min-w-0 flex-1 max-md:[&_input]:mt-0 max-md:[&_label]:sr-only max-md:[&_p:not([id$=error])]:sr-only">
            <Field id="filtro-q" label={t("consultas.filtros.buscar")} hint={t("consultas.filtros.buscarAyuda")} error={error("q")}>
              <Input
                id="filtro-q"
                type="search"
                maxLength={MAX_Q}
                autoComplete="off"
                spellCheck={false}
                placeholder={t("consultas.filtros.buscarEjemplo")}
                {...aria("q", true)}
                {...register("q")}
              />
            </Field>
          </div>
          <Button type="submit" cargando={pendiente} className="mb-[1.375rem] min-h-11 max-md:mb-0">
            {t("consultas.filtros.buscarBoton")}
          </Button>
          <Button
            variante="secundario"
            className="min-h-11 px-3 md:hidden"
            aria-label={t("consultas.filtros.mas", { activos })}
            aria-expanded={mas}
            aria-controls="mas-consultas"
            onClick={() => setMas(!mas)}
          >
            {t("consultas.filtros.masCorto")}
            {activos > 0 && (
              <span aria-hidden="true" className="rounded-full bg-marca-700 px-1.5 text-xs text-white tabular-nums">
                {activos}
              </span>
            )}
          </Button>
        </div>
        <div id="mas-consultas" className={`${mas ? "flex" : "hidden"} flex-wrap items-center gap-2 md:flex`}>
          <fieldset className="flex flex-wrap items-center gap-2">
            <legend className="sr-only">{t("consultas.filtros.periodo")}</legend>
            {PRESETS.map((dias) => (
              <Button
                key={dias}
                variante={presetActivo(dias) ? "primario" : "secundario"}
                aria-pressed={presetActivo(dias)}
                className="min-h-11 px-3"
                disabled={pendiente}
                onClick={() => periodo(dias)}
              >
                {t("consultas.filtros.preset", { dias })}
              </Button>
            ))}
          </fieldset>
          {/* On a phone the other filters open from «Más» (their first field focused) and close there again. */}
          <BotonPlegable plegable={plegable}>
            {plegable.abierto ? t("consultas.filtros.ocultar") : t("consultas.filtros.mostrar", { activos })}
          </BotonPlegable>
          {exportar && (
            <a href={exportar} download className={buttonClass("secundario", "md:hidden")}>
              {t("consultas.exportar")}
            </a>
          )}
        </div>
        <div
          ref={plegable.panel.ref}
          id={plegable.panel.id}
          className={`${plegable.panel.className} rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6`}
        >
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {fijo ? (
              <>
                <div>
                  <p className="block text-sm font-medium text-slate-800">{t("consultas.filtros.agencia")}</p>
                  <p className="mt-1 rounded-lg bg-slate-50 px-3 py-2 text-slate-900" data-testid="agencia-fija">
                    {valores.agencia}
                  </p>
                </div>
                <div>
                  <p className="block text-sm font-medium text-slate-800">{t("consultas.filtros.operador")}</p>
                  <p className="mt-1 rounded-lg bg-slate-50 px-3 py-2 text-slate-900" data-testid="operador-fijo">
                    {valores.operador}
                  </p>
                </div>
              </>
            ) : (
              <>
                <Field id="filtro-agencia" label={t("consultas.filtros.agencia")} error={error("agencia")}>
                  <select id="filtro-agencia" className={inputClass} {...aria("agencia")} {...register("agencia")}>
                    {agencias.map((agencia) => (
                      <option key={agencia.adminMail} value={agencia.adminMail}>
                        {agencia.nombre ? `${agencia.nombre} (${agencia.adminMail})` : agencia.adminMail}
                      </option>
                    ))}
                    {valores.agencia && !agencias.some((agencia) => agencia.adminMail === valores.agencia) && (
                      <option value={valores.agencia}>{valores.agencia}</option>
                    )}
                  </select>
                </Field>
                <Field
                  id="filtro-operador"
                  label={t("consultas.filtros.operador")}
                  hint={t("consultas.filtros.operadorAyuda")}
                  error={error("operador")}
                >
                  <Input
                    id="filtro-operador"
                    type="email"
                    inputMode="email"
                    autoCapitalize="none"
                    spellCheck={false}
                    list="filtro-operadores"
                    placeholder={t("consultas.filtros.operadorEjemplo")}
                    {...aria("operador", true)}
                    {...register("operador")}
                  />
                  <datalist id="filtro-operadores">
                    {operadores.map((operador) => (
                      <option key={operador} value={operador} />
                    ))}
                  </datalist>
                </Field>
              </>
            )}
            <Field
              id="filtro-externalid"
              label={t("consultas.filtros.externalid")}
              hint={t("consultas.filtros.externalidAyuda")}
              error={error("externalid")}
            >
              <Input
                id="filtro-externalid"
                maxLength={MAX_EXTERNALID}
                autoCapitalize="none"
                spellCheck={false}
                {...aria("externalid", true)}
                {...register("externalid")}
              />
            </Field>
            <Field
              id="filtro-desde"
              label={t("consultas.filtros.desde")}
              hint={t("consultas.filtros.desdeAyuda", { minimo: dia(f, minimo), dias: DIAS_CONSULTAS })}
              error={error("desde")}
            >
              <Input id="filtro-desde" type="date" min={minimo} max={hoy} {...aria("desde", true)} {...register("desde")} />
            </Field>
            <Field id="filtro-hasta" label={t("consultas.filtros.hasta")} hint={t("consultas.filtros.hastaAyuda")} error={error("hasta")}>
              <Input id="filtro-hasta" type="date" min={minimo} max={hoy} {...aria("hasta", true)} {...register("hasta")} />
            </Field>
          </div>
          <div className="mt-5 flex flex-wrap items-center gap-3">
            <Button type="submit" cargando={pendiente}>
              {pendiente ? t("consultas.filtros.buscando") : t("consultas.filtros.aplicar")}
            </Button>
            <Button type="button" variante="secundario" onClick={limpiar} disabled={pendiente}>
              {t("consultas.filtros.limpiar")}
            </Button>
          </div>
        </div>
      </form>
      <div className="mt-2 md:mt-6">{pestanas}</div>
    </search>
  );
}
