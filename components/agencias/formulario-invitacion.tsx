"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { enviar } from "@/components/panel/enviar";
import { camposDe, useFormulario } from "@/components/panel/formulario";
import { Alert, ErrorDeFormulario } from "@/components/ui/alert";
import { BotonEnviar } from "@/components/ui/button";
import { CampoDeTexto, ENTRADA_EMAIL } from "@/components/ui/field";
import { LIMITES_AGENCIA } from "@/lib/api/limites";
import { type Invitacion, invitacionSchemaDe } from "@/lib/panel/agencias/formularios";

const CAMPOS = ["AdminMail", "Nombre", "Telefono"] as const;

/** Invite form (admin): POST /panel/agencias/invitar → POST /v3/agencias; API errors go next to their fields. */
export function FormularioInvitacion() {
  const t = useTranslations();
  const schema = useMemo(() => invitacionSchemaDe(t), [t]);
  const router = useRouter();
  const [exito, setExito] = useState<string>();
  const { form, general, errorRef, pendiente, alEnviar } = useFormulario({
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
  return (
    <form noValidate onSubmit={alEnviar} className="space-y-4" aria-labelledby="titulo-invitar">
      <div aria-live="polite" aria-atomic="true">
        {exito && <Alert tono="exito">{exito}</Alert>}
      </div>
      <ErrorDeFormulario ref={errorRef} titulo={t("agencias.invitacion.error")} mensaje={general} />
      <div className="grid gap-4 sm:grid-cols-3">
        <CampoDeTexto
          formulario={form}
          nombre="AdminMail"
          id="invitacion-mail"
          etiqueta={t("agencias.invitacion.email")}
          ayuda={t("agencias.invitacion.emailAyuda", { max: LIMITES_AGENCIA.adminMail })}
          {...ENTRADA_EMAIL}
          autoComplete="off"
          placeholder={t("agencias.invitacion.emailEjemplo")}
        />
        <CampoDeTexto
          formulario={form}
          nombre="Nombre"
          id="invitacion-nombre"
          etiqueta={t("agencias.invitacion.nombre")}
          autoComplete="off"
          placeholder={t("agencias.invitacion.nombreEjemplo")}
        />
        <CampoDeTexto
          formulario={form}
          nombre="Telefono"
          id="invitacion-telefono"
          etiqueta={t("agencias.invitacion.telefono")}
          ayuda={t("agencias.invitacion.telefonoAyuda")}
          type="tel"
          autoComplete="off"
          placeholder="+54 351 555-0101"
        />
      </div>
      <div className="flex items-center gap-3">
        <BotonEnviar cargando={pendiente}>{pendiente ? t("agencias.invitacion.enviando") : t("agencias.invitacion.enviar")}</BotonEnviar>
        <p className="text-xs text-slate-500">{t("agencias.invitacion.nota")}</p>
      </div>
    </form>
  );
}
