"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { signIn } from "next-auth/react";
import { useTranslations } from "next-intl";
import { useMemo, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import * as z from "zod/mini";
import { Alert } from "@/components/ui/alert";
import { BotonEnviar } from "@/components/ui/button";
import { describedBy, Field, Input } from "@/components/ui/field";
import type { Traductor } from "@/lib/panel/i18n/idiomas";
import { mensajeDeIngreso } from "@/lib/panel/ingreso";

function schemaDe(t: Traductor) {
  return z.object({
    email: z.pipe(z.string().check(z.trim(), z.minLength(1, t("ingreso.faltaEmail"))), z.email(t("ingreso.emailInvalido"))),
    password: z.string().check(z.minLength(1, t("ingreso.faltaContrasena"))),
  });
}

type Values = z.infer<ReturnType<typeof schemaDe>>;

/** The sign-in form: e-mail and password, checked on the client and on the server. */
export function FormularioIngreso({ next, errorInicial }: { next: string; errorInicial?: string }) {
  const t = useTranslations();
  const schema = useMemo(() => schemaDe(t), [t]);
  const [error, setError] = useState<string | undefined>(errorInicial);
  const alertRef = useRef<HTMLDivElement>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { email: "", password: "" } });

  async function onSubmit(values: Values) {
    setError(undefined);
    let result: Awaited<ReturnType<typeof signIn>>;
    try {
      result = await signIn("credentials", { email: values.email, password: values.password, redirect: false });
    } catch {
      result = undefined;
    }
    if (result?.ok && !result.error) {
      window.location.assign(next);
      return;
    }
    setError(result ? mensajeDeIngreso(result.error, t) : t("ingreso.generico"));
    requestAnimationFrame(() => alertRef.current?.focus());
  }

  return (
    <form
      method="post"
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      className="space-y-5"
      aria-describedby={error ? "ingreso-error" : undefined}
    >
      {error && (
        <div ref={alertRef} tabIndex={-1} className="focus:outline-none">
          <Alert tono="error" id="ingreso-error">
            {error}
          </Alert>
        </div>
      )}
      <Field id="email" label={t("ingreso.email")} error={errors.email?.message}>
        <Input
          id="email"
          type="email"
          autoComplete="username"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={t("ingreso.emailEjemplo")}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={describedBy("email", { error: Boolean(errors.email) })}
          {...register("email")}
        />
      </Field>
      <Field id="password" label={t("ingreso.contrasena")} error={errors.password?.message}>
        <Input
          id="password"
          type="password"
          autoComplete="current-password"
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={describedBy("password", { error: Boolean(errors.password) })}
          {...register("password")}
        />
      </Field>
      <BotonEnviar cargando={isSubmitting} className="w-full">
        {isSubmitting ? t("ingreso.ingresando") : t("ingreso.ingresar")}
      </BotonEnviar>
      <noscript>
        <p className="text-sm text-slate-700">{t("ingreso.sinJavaScript")}</p>
      </noscript>
    </form>
  );
}
