"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useMemo, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { enviar, mostrarErrores } from "@/components/agencias/enviar";
import { useTextos } from "@/components/panel/idioma";
import { Alert, ErrorDeFormulario } from "@/components/ui/alert";
import { BotonEnviar } from "@/components/ui/button";
import { describedBy, Field, Input } from "@/components/ui/field";
import { type CambioConexion, conexionSchemaDe, type Prueba } from "@/lib/panel/conexion/limites";
import { ResultadoPrueba } from "./resultado-prueba";
import { useTextosConexion } from "./textos";

const CAMPOS = ["ApiBaseUrl", "AppKey", "AppSecret"] as const;
type Campo = (typeof CAMPOS)[number];

type Guardada = { ApiBaseUrl: string; AppKey: string; Prueba: Prueba };

/**
 * Change the connection (admin): PUT /panel/conexion/credenciales. The server tries the new values with
 * a signed GET /v3 and saves them only if the API answers 200; otherwise the form says why and nothing
 * changes. The AppSecret field is write-only: empty keeps the saved one, which never reaches the browser.
 */
export function FormularioConexion({ actual }: { actual: { apiBaseUrl: string; appKey: string } }) {
  const textos = useTextos();
  const t = useTextosConexion();
  const schema = useMemo(() => conexionSchemaDe(t.validacion), [t]);
  const router = useRouter();
  const [guardada, setGuardada] = useState<Prueba>();
  const [general, setGeneral] = useState<string>();
  const errorRef = useRef<HTMLDivElement>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<CambioConexion>({
    resolver: zodResolver(schema),
    defaultValues: { ApiBaseUrl: actual.apiBaseUrl, AppKey: actual.appKey, AppSecret: "" },
  });

  const guardar = useMutation({
    mutationFn: (values: CambioConexion) => enviar<Guardada>("/panel/conexion/credenciales", "PUT", values, textos.agencias.envio),
    onSuccess: (data) => {
      reset({ ApiBaseUrl: data.ApiBaseUrl, AppKey: data.AppKey, AppSecret: "" });
      setGuardada(data.Prueba);
      router.refresh();
    },
    onError: (error) =>
      mostrarErrores(error, CAMPOS, textos.agencias.envio, {
        setError,
        setFocus,
        setGeneral,
        enfocarGeneral: () => errorRef.current?.focus(),
      }),
  });

  const onSubmit = (values: CambioConexion) => {
    setGuardada(undefined);
    setGeneral(undefined);
    guardar.mutate(values);
  };

  const control = (campo: Campo, hint: boolean) => ({
    id: `conexion-${campo.toLowerCase()}`,
    autoComplete: "off",
    autoCapitalize: "none",
    spellCheck: false,
    "aria-invalid": errors[campo] ? true : undefined,
    "aria-describedby": describedBy(`conexion-${campo.toLowerCase()}`, { hint, error: Boolean(errors[campo]) }),
    ...register(campo),
  });

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4" aria-labelledby="titulo-cambiar">
      <div aria-live="polite" aria-atomic="true">
        {guardada && (
          <div className="space-y-2">
            <Alert tono="exito">{t.cambiar.exito}</Alert>
            <ResultadoPrueba prueba={guardada} />
          </div>
        )}
      </div>
      <ErrorDeFormulario ref={errorRef} titulo={t.cambiar.error} mensaje={general} />
      <Field id="conexion-apibaseurl" label={t.url} hint={t.cambiar.urlAyuda} error={errors.ApiBaseUrl?.message}>
        <Input type="url" inputMode="url" className="font-mono" {...control("ApiBaseUrl", true)} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="conexion-appkey" label={t.appKey} hint={t.cambiar.appKeyAyuda} error={errors.AppKey?.message}>
          <Input className="font-mono" {...control("AppKey", true)} />
        </Field>
        <Field id="conexion-appsecret" label={t.cambiar.appSecret} hint={t.cambiar.appSecretAyuda} error={errors.AppSecret?.message}>
          <Input type="password" className="font-mono" {...control("AppSecret", true)} autoComplete="new-password" />
        </Field>
      </div>
      <BotonEnviar cargando={guardar.isPending}>{guardar.isPending ? t.cambiar.guardando : t.cambiar.guardar}</BotonEnviar>
    </form>
  );
}
