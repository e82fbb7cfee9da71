"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useMemo, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useTextos } from "@/components/panel/idioma";
import { Alert, ErrorDeFormulario } from "@/components/ui/alert";
import { BotonEnviar, Button } from "@/components/ui/button";
import { describedBy, Field, Input, inputClass } from "@/components/ui/field";
import { LIMITES_AGENCIA } from "@/lib/api/limites";
import { ErrorDelPanel, enviar, mostrarErrores } from "./enviar";
import { type Edicion, edicionSchemaDe } from "./limites";

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

/**
 * Edit form (admin, registered agencies): PUT replaces every field. The province comes from
 * GET /v3/regiones; the city is typed and resolved with GET /v3/ciudades/bestmatch, shown before saving.
 */
export function FormularioEdicion({
  adminMail,
  agencia,
  regiones,
}: {
  adminMail: string;
  agencia: AgenciaEditada;
  regiones: { id: number; nombre: string }[];
}) {
  const textos = useTextos().agencias;
  const t = textos.edicion;
  const ETIQUETAS = t.etiquetas;
  const AYUDAS: Partial<Record<Campo, string>> = { Telefono: t.ayudaTelefono, WhatsApp: t.ayudaWhatsApp, Ciudad: t.ayudaCiudad };
  const schema = useMemo(() => edicionSchemaDe(textos.validacion), [textos]);
  const router = useRouter();
  const [exito, setExito] = useState<string>();
  const [general, setGeneral] = useState<string>();
  const errorRef = useRef<HTMLDivElement>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    control,
    formState: { errors, isDirty },
  } = useForm<Edicion>({ resolver: zodResolver(schema), defaultValues: valoresDe(agencia) });

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
        return await enviar<CiudadEncontrada>(`/panel/agencias/ciudad?${query}`, "GET", undefined, textos.envio);
      } catch (error) {
        if (error instanceof ErrorDelPanel && error.status === 400) return null;
        throw error;
      }
    },
  });
  const escribiendo = busqueda !== `${region}\u0000${ciudad}`;

  const guardar = useMutation({
    mutationFn: (values: Edicion) =>
      enviar<AgenciaEditada>(`/panel/agencias/${encodeURIComponent(adminMail)}/datos`, "PUT", values, textos.envio),
    onSuccess: (data) => {
      reset(valoresDe(data));
      setExito(`${t.exito}${data.Ciudad ? t.ciudadGuardada(data.Ciudad, data.Region) : ""}`);
      router.refresh();
    },
    onError: (error) =>
      mostrarErrores(error, CAMPOS, textos.envio, { setError, setFocus, setGeneral, enfocarGeneral: () => errorRef.current?.focus() }),
  });

  const onSubmit = (values: Edicion) => {
    setExito(undefined);
    setGeneral(undefined);
    guardar.mutate(values);
  };

  const id = (campo: Campo) => `edicion-${campo.toLowerCase()}`;
  const control_ = (campo: Campo) => ({
    id: id(campo),
    "aria-invalid": errors[campo] ? true : undefined,
    "aria-describedby": describedBy(id(campo), { hint: Boolean(AYUDAS[campo]), error: Boolean(errors[campo]) }),
    ...register(campo),
  });
  const campoDeTexto = (campo: Campo, extra: Record<string, string> = {}) => (
    <Field id={id(campo)} label={ETIQUETAS[campo]} hint={AYUDAS[campo]} error={errors[campo]?.message}>
      <Input autoComplete="off" {...extra} {...control_(campo)} />
    </Field>
  );

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4" aria-labelledby="titulo-editar">
      <div aria-live="polite" aria-atomic="true">
        {exito && <Alert tono="exito">{exito}</Alert>}
      </div>
      <ErrorDeFormulario ref={errorRef} titulo={t.error} mensaje={general} />
      <div className="grid gap-4 sm:grid-cols-2">
        {campoDeTexto("Nombre")}
        {campoDeTexto("Direccion")}
        {campoDeTexto("Telefono", { type: "tel" })}
        {campoDeTexto("WhatsApp", { type: "tel" })}
        <Field id={id("Region")} label={ETIQUETAS.Region} error={errors.Region?.message}>
          <select className={inputClass} {...control_("Region")}>
            <option value="">{t.sinProvincia}</option>
            {regiones.map((opcion) => (
              <option key={opcion.id} value={opcion.nombre}>
                {opcion.nombre}
              </option>
            ))}
          </select>
        </Field>
        <div>
          {campoDeTexto("Ciudad")}
          <div aria-live="polite" aria-atomic="true" className="mt-2 min-h-6 text-sm" id="edicion-ciudad-coincidencia">
            {!region && ciudad ? (
              <p className="text-amber-800">{t.elegiProvincia}</p>
            ) : !buscar || escribiendo ? null : coincidencia.isPending ? (
              <p className="text-slate-600">{t.buscandoCiudad}</p>
            ) : coincidencia.isError ? (
              <p className="text-red-700">{t.errorCiudad}</p>
            ) : coincidencia.data ? (
              <p className="text-emerald-800">
                <span aria-hidden="true">✓ </span>
                {t.coincidencia}
                <strong>{`${coincidencia.data.Nombre} (${coincidencia.data.Region})`}</strong>
              </p>
            ) : (
              <p className="text-red-700">{t.sinCiudad(regionBuscada)}</p>
            )}
          </div>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <BotonEnviar cargando={guardar.isPending}>{guardar.isPending ? t.guardando : t.guardar}</BotonEnviar>
        <Button
          variante="secundario"
          disabled={!isDirty || guardar.isPending}
          onClick={() => {
            reset();
            setExito(undefined);
            setGeneral(undefined);
          }}
        >
          {t.descartar}
        </Button>
        <p className="text-xs text-slate-500">{t.vacios}</p>
      </div>
    </form>
  );
}
