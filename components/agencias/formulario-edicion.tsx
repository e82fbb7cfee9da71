"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useMemo, useState } from "react";
import { useWatch } from "react-hook-form";
import { ErrorDelPanel, enviar } from "@/components/panel/enviar";
import { camposDe, useFormulario } from "@/components/panel/formulario";
import { ErrorDeFormulario } from "@/components/ui/alert";
import { BotonEnviar, Button } from "@/components/ui/button";
import { buttonClass } from "@/components/ui/button-class";
import { CampoDeTexto, Field, inputClass } from "@/components/ui/field";
import { LIMITES_AGENCIA } from "@/lib/api/limites";
import { type Edicion, edicionSchemaDe } from "@/lib/panel/agencias/formularios";

const CAMPOS = ["Nombre", "Telefono", "WhatsApp", "Region", "Ciudad", "Direccion"] as const;
type Campo = (typeof CAMPOS)[number];

type CiudadEncontrada = { Id: number; Nombre: string; Region: string; RegionId: number };
type AgenciaEditada = { [K in Campo]: string | null };

const valoresDe = (agencia: AgenciaEditada): Edicion => ({
  Nombre: agencia.Nombre ?? "",
  Telefono: agencia.Telefono ?? "",
  WhatsApp: agencia.WhatsApp ?? "",
  Region: agencia.Region ?? "",
  Ciudad: agencia.Ciudad ?? "",
  Direccion: agencia.Direccion ?? "",
});

/** The typed value, once the user stops typing for a moment. */
function useDemorado<T>(value: T, ms = 400): T {
  const [demorado, setDemorado] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDemorado(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return demorado;
}

/** The same name of a city, whatever its capitals and accents ("villa maria" is "Villa María"). */
const mismaCiudad = (a: string, b: string) => a.localeCompare(b, "es", { sensitivity: "base" }) === 0;

/**
 * Edit form (admin, registered agencies), opened on demand from the agency's data: PUT replaces every
 * field. The province comes from GET /v3/regiones; the city is typed and resolved with
 * GET /v3/ciudades/bestmatch before saving: an exact match is marked as such, anything else is said
 * as what would be saved, with a button to take it. Saved or cancelled, it goes back to `volver`.
 */
export function FormularioEdicion({
  adminMail,
  agencia,
  regiones,
  volver,
}: {
  adminMail: string;
  agencia: AgenciaEditada;
  regiones: { id: number; nombre: string }[];
  volver: string;
}) {
  const t = useTranslations();
  const AYUDAS: Partial<Record<Campo, string>> = {
    Telefono: t("agencias.edicion.ayudaTelefono"),
    WhatsApp: t("agencias.edicion.ayudaWhatsApp"),
    Ciudad: t("agencias.edicion.ayudaCiudad"),
  };
  const schema = useMemo(() => edicionSchemaDe(t), [t]);
  const router = useRouter();
  const { form, general, errorRef, pendiente, alEnviar } = useFormulario({
    schema,
    valores: valoresDe(agencia),
    campoDe: camposDe(CAMPOS),
    noEncontrado: t("agencias.noExiste"),
    enviar: (values: Edicion) => enviar<AgenciaEditada>(`/panel/agencias/${encodeURIComponent(adminMail)}/datos`, "PUT", values),
    alGuardar: () => router.replace(`${volver}?guardado=1`),
  });
  const {
    register,
    setValue,
    control,
    formState: { errors },
  } = form;

  const region = useWatch({ control, name: "Region" }).trim();
  const ciudad = useWatch({ control, name: "Ciudad" }).trim();
  const busqueda = useDemorado(`${region}\u0000${ciudad}`);
  const [regionBuscada = "", ciudadBuscada = ""] = busqueda.split("\u0000");
  const buscar = Boolean(regionBuscada && ciudadBuscada && ciudadBuscada.length <= LIMITES_AGENCIA.ciudad);
  const coincidencia = useQuery({
    queryKey: ["agencias", "ciudad", regionBuscada, ciudadBuscada],
    enabled: buscar,
    retry: false,
    staleTime: 5 * 60_000,
    queryFn: async () => {
      const query = new URLSearchParams({ region: regionBuscada, ciudad: ciudadBuscada });
      try {
        return await enviar<CiudadEncontrada>(`/panel/agencias/ciudad?${query}`);
      } catch (error) {
        if (error instanceof ErrorDelPanel && error.status === 400) return null;
        throw error;
      }
    },
  });
  const escribiendo = busqueda !== `${region}\u0000${ciudad}`;

  const id = (campo: Campo) => `edicion-${campo.toLowerCase()}`;
  const campoDeTexto = (campo: Campo, extra: { type?: string } = {}) => (
    <CampoDeTexto
      formulario={form}
      nombre={campo}
      id={id(campo)}
      etiqueta={t(`agencias.edicion.etiquetas.${campo}`)}
      ayuda={AYUDAS[campo]}
      autoComplete="off"
      {...extra}
    />
  );

  return (
    <form noValidate onSubmit={alEnviar} className="space-y-4" aria-labelledby="titulo-editar">
      <ErrorDeFormulario ref={errorRef} titulo={t("agencias.edicion.error")} mensaje={general} />
      <div className="grid gap-4 sm:grid-cols-2">
        {campoDeTexto("Nombre")}
        {campoDeTexto("Direccion")}
        {campoDeTexto("Telefono", { type: "tel" })}
        {campoDeTexto("WhatsApp", { type: "tel" })}
        <Field id={id("Region")} label={t("agencias.edicion.etiquetas.Region")} error={errors.Region?.message}>
          {(control) => (
            <select {...control} className={inputClass} {...register("Region")}>
              <option value="">{t("agencias.edicion.sinProvincia")}</option>
              {regiones.map((opcion) => (
                <option key={opcion.id} value={opcion.nombre}>
                  {opcion.nombre}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div>
          {campoDeTexto("Ciudad")}
          <div aria-live="polite" aria-atomic="true" className="mt-2 min-h-6 text-sm" id="edicion-ciudad-coincidencia">
            {!region && ciudad ? (
              <p className="text-amber-800">{t("agencias.edicion.elegiProvincia")}</p>
            ) : !buscar || escribiendo ? null : coincidencia.isPending ? (
              <p className="text-slate-600">{t("agencias.edicion.buscandoCiudad")}</p>
            ) : coincidencia.isError ? (
              <p className="text-red-700">{t("agencias.edicion.errorCiudad")}</p>
            ) : coincidencia.data && mismaCiudad(coincidencia.data.Nombre, ciudad) ? (
              <p className="text-emerald-800">
                <span aria-hidden="true">✓ </span>
                {t("agencias.edicion.coincidencia")}
                <strong>{`${coincidencia.data.Nombre} (${coincidencia.data.Region})`}</strong>
              </p>
            ) : coincidencia.data ? (
              <div className="space-y-2 text-amber-900" data-testid="ciudad-aproximada">
                <p>
                  {t("agencias.edicion.aproximada", { ciudad })}
                  <strong>{`${coincidencia.data.Nombre} (${coincidencia.data.Region})`}</strong>
                  {t("agencias.edicion.aproximadaFin")}
                </p>
                <Button
                  variante="secundario"
                  onClick={() => setValue("Ciudad", coincidencia.data?.Nombre ?? ciudad, { shouldDirty: true, shouldValidate: true })}
                >
                  {t("agencias.edicion.usarCiudad", { ciudad: coincidencia.data.Nombre })}
                </Button>
              </div>
            ) : (
              <p className="text-red-700">{t("agencias.edicion.sinCiudad", { region: regionBuscada })}</p>
            )}
          </div>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <BotonEnviar cargando={pendiente}>{pendiente ? t("agencias.edicion.guardando") : t("agencias.edicion.guardar")}</BotonEnviar>
        <Link href={volver} className={buttonClass("secundario")}>
          {t("agencias.edicion.cancelar")}
        </Link>
        <p className="text-xs text-slate-500">{t("agencias.edicion.vacios")}</p>
      </div>
    </form>
  );
}
