"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useMemo, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useTextos } from "@/components/panel/idioma";
import { Alert, ErrorDeFormulario } from "@/components/ui/alert";
import { BotonEnviar } from "@/components/ui/button";
import { describedBy, Field, Input } from "@/components/ui/field";
import { LIMITES_AGENCIA } from "@/lib/api/limites";
import { enviar, mostrarErrores } from "./enviar";
import { type Invitacion, invitacionSchemaDe } from "./limites";

const CAMPOS = ["AdminMail", "Nombre", "Telefono"] as const;

/** Invite form (admin): POST /panel/agencias/invitar → POST /v3/agencias; API errors go next to their fields. */
export function FormularioInvitacion() {
  const textos = useTextos().agencias;
  const t = textos.invitacion;
  const schema = useMemo(() => invitacionSchemaDe(textos.validacion), [textos]);
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
    formState: { errors },
  } = useForm<Invitacion>({ resolver: zodResolver(schema), defaultValues: { AdminMail: "", Nombre: "", Telefono: "" } });

  const invitar = useMutation({
    mutationFn: (values: Invitacion) => enviar<{ AdminMail: string }>("/panel/agencias/invitar", "POST", values, textos.envio),
    onSuccess: (data) => {
      setExito(t.exito(data.AdminMail));
      reset();
      router.refresh();
    },
    onError: (error) =>
      mostrarErrores(error, CAMPOS, textos.envio, { setError, setFocus, setGeneral, enfocarGeneral: () => errorRef.current?.focus() }),
  });

  const onSubmit = (values: Invitacion) => {
    setExito(undefined);
    setGeneral(undefined);
    invitar.mutate(values);
  };

  const props = (campo: (typeof CAMPOS)[number], hint = false) => ({
    "aria-invalid": errors[campo] ? true : undefined,
    "aria-describedby": describedBy(campo === "AdminMail" ? "invitacion-mail" : `invitacion-${campo.toLowerCase()}`, {
      hint,
      error: Boolean(errors[campo]),
    }),
  });

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4" aria-labelledby="titulo-invitar">
      <div aria-live="polite" aria-atomic="true">
        {exito && <Alert tono="exito">{exito}</Alert>}
      </div>
      <ErrorDeFormulario ref={errorRef} titulo={t.error} mensaje={general} />
      <div className="grid gap-4 sm:grid-cols-3">
        <Field id="invitacion-mail" label={t.email} hint={t.emailAyuda(LIMITES_AGENCIA.adminMail)} error={errors.AdminMail?.message}>
          <Input
            id="invitacion-mail"
            type="email"
            autoComplete="off"
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
            placeholder={t.emailEjemplo}
            {...props("AdminMail", true)}
            {...register("AdminMail")}
          />
        </Field>
        <Field id="invitacion-nombre" label={t.nombre} error={errors.Nombre?.message}>
          <Input id="invitacion-nombre" autoComplete="off" placeholder={t.nombreEjemplo} {...props("Nombre")} {...register("Nombre")} />
        </Field>
        <Field id="invitacion-telefono" label={t.telefono} hint={t.telefonoAyuda} error={errors.Telefono?.message}>
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
        <BotonEnviar cargando={invitar.isPending}>{invitar.isPending ? t.enviando : t.enviar}</BotonEnviar>
        <p className="text-xs text-slate-500">{t.nota}</p>
      </div>
    </form>
  );
}
