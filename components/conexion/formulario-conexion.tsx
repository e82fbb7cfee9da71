"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { enviar } from "@/components/panel/enviar";
import { camposDe, useFormulario } from "@/components/panel/formulario";
import { Alert, ErrorDeFormulario } from "@/components/ui/alert";
import { BotonEnviar } from "@/components/ui/button";
import { CampoDeTexto } from "@/components/ui/field";
import { type CambioConexion, conexionSchemaDe, type Prueba } from "@/lib/panel/conexion/formulario";
import { ResultadoPrueba } from "./resultado-prueba";

const CAMPOS = ["ApiBaseUrl", "AppKey", "AppSecret"] as const;

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
  const { form, general, errorRef, pendiente, alEnviar } = useFormulario({
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
  const campo = { formulario: form, autoComplete: "off", autoCapitalize: "none", spellCheck: false, className: "font-mono" } as const;

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
      <CampoDeTexto
        {...campo}
        nombre="ApiBaseUrl"
        id="conexion-apibaseurl"
        etiqueta={t("conexion.url")}
        ayuda={t("conexion.cambiar.urlAyuda")}
        type="url"
        inputMode="url"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <CampoDeTexto
          {...campo}
          nombre="AppKey"
          id="conexion-appkey"
          etiqueta={t("conexion.appKey")}
          ayuda={t("conexion.cambiar.appKeyAyuda")}
        />
        <CampoDeTexto
          {...campo}
          nombre="AppSecret"
          id="conexion-appsecret"
          etiqueta={t("conexion.cambiar.appSecret")}
          ayuda={t("conexion.cambiar.appSecretAyuda")}
          type="password"
          autoComplete="new-password"
        />
      </div>
      <BotonEnviar cargando={pendiente}>{pendiente ? t("conexion.cambiar.guardando") : t("conexion.cambiar.guardar")}</BotonEnviar>
    </form>
  );
}
