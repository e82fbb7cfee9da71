"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { enviar } from "@/components/panel/enviar";
import { camposDe, useFormulario } from "@/components/panel/formulario";
import { Alert, ErrorDeFormulario } from "@/components/ui/alert";
import { BotonEnviar } from "@/components/ui/button";
import { describedBy, Field, Input } from "@/components/ui/field";
import { type CambioConexion, conexionSchemaDe, type Prueba } from "@/lib/panel/conexion/formulario";
import { ResultadoPrueba } from "./resultado-prueba";

const CAMPOS = ["ApiBaseUrl", "AppKey", "AppSecret"] as const;
type Campo = (typeof CAMPOS)[number];

type Guardada = { ApiBaseUrl: string; AppKey: string; Prueba: Prueba };

/**
 * Change the connection (admin): PUT /panel/conexion/credenciales. The server tries the new values with
 * a signed GET /v3 and saves them only if the API answers 200; otherwise the form says why and nothing
 * changes. The AppSecret field is write-only: empty keeps the saved one, which never reaches the browser.
 */
export function FormularioConexion({ actual }: { actual: { apiBaseUrl: string; appKey: string } }) {
  const t = useTranslations();
  const schema = useMemo(() => conexionSchemaDe(t), [t]);
  const router = useRouter();
  const [guardada, setGuardada] = useState<Prueba>();
  const {
    form,
    errores: errors,
    general,
    errorRef,
    pendiente,
    alEnviar,
  } = useFormulario({
    schema,
    valores: { ApiBaseUrl: actual.apiBaseUrl, AppKey: actual.appKey, AppSecret: "" },
    campoDe: camposDe(CAMPOS),
    enviar: (values: CambioConexion) => {
      setGuardada(undefined);
      return enviar<Guardada>("/panel/conexion/credenciales", "PUT", values);
    },
    alGuardar: (data) => {
      form.reset({ ApiBaseUrl: data.ApiBaseUrl, AppKey: data.AppKey, AppSecret: "" });
      setGuardada(data.Prueba);
      router.refresh();
    },
  });
  const { register } = form;

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
    <form noValidate onSubmit={alEnviar} className="space-y-4" aria-labelledby="titulo-cambiar">
      <div aria-live="polite" aria-atomic="true">
        {guardada && (
          <div className="space-y-2">
            <Alert tono="exito">{t("conexion.cambiar.exito")}</Alert>
            <ResultadoPrueba prueba={guardada} />
          </div>
        )}
      </div>
      <ErrorDeFormulario ref={errorRef} titulo={t("conexion.cambiar.error")} mensaje={general} />
      <Field id="conexion-apibaseurl" label={t("conexion.url")} hint={t("conexion.cambiar.urlAyuda")} error={errors.ApiBaseUrl?.message}>
        <Input type="url" inputMode="url" className="font-mono" {...control("ApiBaseUrl", true)} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="conexion-appkey" label={t("conexion.appKey")} hint={t("conexion.cambiar.appKeyAyuda")} error={errors.AppKey?.message}>
          <Input className="font-mono" {...control("AppKey", true)} />
        </Field>
        <Field
          id="conexion-appsecret"
          label={t("conexion.cambiar.appSecret")}
          hint={t("conexion.cambiar.appSecretAyuda")}
          error={errors.AppSecret?.message}
        >
          <Input type="password" className="font-mono" {...control("AppSecret", true)} autoComplete="new-password" />
        </Field>
      </div>
      <BotonEnviar cargando={pendiente}>{pendiente ? t("conexion.cambiar.guardando") : t("conexion.cambiar.guardar")}</BotonEnviar>
    </form>
  );
}
