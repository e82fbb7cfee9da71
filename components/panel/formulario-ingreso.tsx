"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { signIn } from "next-auth/react";
import { useTranslations } from "next-intl";
import { useMemo, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import * as z from "zod/mini";
import { Alert } from "@/components/ui/alert";
import { BotonEnviar } from "@/components/ui/button";
import { CampoDeTexto, ENTRADA_EMAIL } from "@/components/ui/field";
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
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { email: "", password: "" } });
  const {
    handleSubmit,
    formState: { isSubmitting },
  } = form;

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
      <CampoDeTexto
        formulario={form}
        nombre="email"
        id="email"
        etiqueta={t("ingreso.email")}
        {...ENTRADA_EMAIL}
        autoComplete="username"
        placeholder={t("ingreso.emailEjemplo")}
      />
      <CampoDeTexto
        formulario={form}
        nombre="password"
        id="password"
        etiqueta={t("ingreso.contrasena")}
        type="password"
        autoComplete="current-password"
      />
      <BotonEnviar cargando={isSubmitting} className="w-full">
        {isSubmitting ? t("ingreso.ingresando") : t("ingreso.ingresar")}
      </BotonEnviar>
      <noscript>
        <p className="text-sm text-slate-700">{t("ingreso.sinJavaScript")}</p>
      </noscript>
    </form>
  );
}
