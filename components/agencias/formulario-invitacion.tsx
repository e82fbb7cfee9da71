"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { enviar } from "@/components/panel/enviar";
import { camposDe, useFormulario } from "@/components/panel/formulario";
import { Alert, ErrorDeFormulario } from "@/components/ui/alert";
import { BotonEnviar } from "@/components/ui/button";
import { describedBy, Field, Input } from "@/components/ui/field";
import { LIMITES_AGENCIA } from "@/lib/api/limites";
import { type Invitacion, invitacionSchemaDe } from "@/lib/panel/agencias/formularios";

const CAMPOS = ["AdminMail", "Nombre", "Telefono"] as const;

/** Invite form (admin): POST /panel/agencias/invitar → POST /v3/agencias; API errors go next to their fields. */
export function FormularioInvitacion() {
  const t = useTranslations();
  const schema = useMemo(() => invitacionSchemaDe(t), [t]);
  const router = useRouter();
  const [exito, setExito] = useState<string>();
  const {
    form,
    errores: errors,
    general,
    errorRef,
    pendiente,
    alEnviar,
  } = useFormulario({
    schema,
    valores: { AdminMail: "", Nombre: "", Telefono: "" },
    campoDe: camposDe(CAMPOS),
    enviar: (values: Invitacion) => {
      setExito(undefined);
      return enviar<{ AdminMail: string }>("/panel/agencias/invitar", "POST", values);
    },
    alGuardar: (data) => {
      setExito(t("agencias.invitacion.exito", { mail: data.AdminMail }));
      form.reset();
      router.refresh();
    },
  });
  const { register } = form;

  const props = (campo: (typeof CAMPOS)[number], hint = false) => ({
    "aria-invalid": errors[campo] ? true : undefined,
    "aria-describedby": describedBy(campo === "AdminMail" ? "invitacion-mail" : `invitacion-${campo.toLowerCase()}`, {
      hint,
      error: Boolean(errors[campo]),
    }),
  });

  return (
    <form noValidate onSubmit={alEnviar} className="space-y-4" aria-labelledby="titulo-invitar">
      <div aria-live="polite" aria-atomic="true">
        {exito && <Alert tono="exito">{exito}</Alert>}
      </div>
      <ErrorDeFormulario ref={errorRef} titulo={t("agencias.invitacion.error")} mensaje={general} />
      <div className="grid gap-4 sm:grid-cols-3">
        <Field
          id="invitacion-mail"
          label={t("agencias.invitacion.email")}
          hint={t("agencias.invitacion.emailAyuda", { max: LIMITES_AGENCIA.adminMail })}
          error={errors.AdminMail?.message}
        >
          <Input
            id="invitacion-mail"
            type="email"
            autoComplete="off"
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
            placeholder={t("agencias.invitacion.emailEjemplo")}
            {...props("AdminMail", true)}
            {...register("AdminMail")}
          />
        </Field>
        <Field id="invitacion-nombre" label={t("agencias.invitacion.nombre")} error={errors.Nombre?.message}>
          <Input
            id="invitacion-nombre"
            autoComplete="off"
            placeholder={t("agencias.invitacion.nombreEjemplo")}
            {...props("Nombre")}
            {...register("Nombre")}
          />
        </Field>
        <Field
          id="invitacion-telefono"
          label={t("agencias.invitacion.telefono")}
          hint={t("agencias.invitacion.telefonoAyuda")}
          error={errors.Telefono?.message}
        >
          <Input
            id="invitacion-telefono"
            type="tel"
            autoComplete="off"
            placeholder="+54 351 555-0101"
            {...props("Telefono", true)}
            {...register("Telefono")}
          />
        </Field>
      </div>
      <div className="flex items-center gap-3">
        <BotonEnviar cargando={pendiente}>{pendiente ? t("agencias.invitacion.enviando") : t("agencias.invitacion.enviar")}</BotonEnviar>
        <p className="text-xs text-slate-500">{t("agencias.invitacion.nota")}</p>
      </div>
    </form>
  );
}
