"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useMemo, useRef, useState } from "react";
import { type FieldPath, useFieldArray } from "react-hook-form";
import { enviar } from "@/components/panel/enviar";
import { useFormulario } from "@/components/panel/formulario";
import { SecretoUnaVez } from "@/components/panel/secreto-una-vez";
import { Alert, ErrorDeFormulario } from "@/components/ui/alert";
import { BotonEnviar, Button } from "@/components/ui/button";
import { buttonClass } from "@/components/ui/button-class";
import { CampoDeTexto, Field, inputClass } from "@/components/ui/field";
import { LIMITES_WEBHOOK } from "@/lib/api/limites";
import type { Traductor } from "@/lib/panel/i18n/idiomas";
import {
  aUpsert,
  campoDeError,
  formularioSchemaDe,
  type ModoSecreto,
  type FormularioWebhook as Valores,
} from "@/lib/panel/notificaciones/formulario";
import { tituloTopico } from "@/lib/panel/notificaciones/topicos";
import type { AppWebhook } from "@/lib/panel/v3-tipos";

/** The secret to send: generated or typed, "" to remove the saved one, null to keep it (or create without). */
function secretoAEnviar(values: Valores, editando: boolean): string | null {
  if (values.modoSecreto === "generar") return generarSecreto();
  if (values.modoSecreto === "escribir") return values.secreto;
  return values.modoSecreto === "ninguno" && editando ? "" : null;
}

/** A secret of 32 random bytes from the browser's CSPRNG, base64url (43 characters). */
function generarSecreto(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

function valoresIniciales(actual: AppWebhook | null): Valores {
  const headers = actual ? [actual.HeaderCustom01, actual.HeaderCustom02, actual.HeaderCustom03].filter((h) => h !== null) : [];
  return {
    callback: actual?.Callback ?? "",
    modoSecreto: actual ? "conservar" : "generar",
    secreto: "",
    descripcion: actual?.Description ?? "",
    activo: actual?.Activo ?? true,
    headers: headers.map((header) => ({ nombre: header.Name, valor: header.Value })),
  };
}

const OPCION = (t: Traductor, clave: "generarNuevo" | "ninguno" | "conservar" | "seguirSinSecreto" | "generarReemplazo" | "quitar") => ({
  etiqueta: t(`notificaciones.formulario.opciones.${clave}.etiqueta`),
  ayuda: t(`notificaciones.formulario.opciones.${clave}.ayuda`),
});

/** The secret's choices: creating, or editing a configuration with a secret (firmado) or without one. */
function opcionesSecreto(
  t: Traductor,
  firmado: boolean,
): Record<"crear" | "editar", { modo: ModoSecreto; etiqueta: string; ayuda: string }[]> {
  const rango = t("notificaciones.formulario.rango", { min: LIMITES_WEBHOOK.secretMin, max: LIMITES_WEBHOOK.secretMax });
  return {
    crear: [
      { modo: "generar", ...OPCION(t, "generarNuevo") },
      { modo: "escribir", etiqueta: t("notificaciones.formulario.opciones.escribirMio.etiqueta"), ayuda: rango },
      { modo: "ninguno", ...OPCION(t, "ninguno") },
    ],
    editar: [
      { modo: "conservar", ...OPCION(t, firmado ? "conservar" : "seguirSinSecreto") },
      { modo: "generar", ...OPCION(t, "generarReemplazo") },
      { modo: "escribir", etiqueta: t("notificaciones.formulario.opciones.escribirNuevo.etiqueta"), ayuda: rango },
      ...(firmado ? [{ modo: "ninguno" as const, ...OPCION(t, "quitar") }] : []),
    ],
  };
}

type Guardado = { configuracion: AppWebhook; secreto: string | null; creada: boolean; modo: ModoSecreto };

/**
 * The configuration of one topic's webhook: Callback, secret (generated, typed, kept or removed),
 * description, active, up to three custom headers. Checked here with the API's limits and again by
 * the API, whose 400 errors land under their fields. A new secret is shown once, after saving.
 */
export function FormularioWebhook({ topic, actual }: { topic: string; actual: AppWebhook | null }) {
  const editando = actual !== null;
  const t = useTranslations();
  const schema = useMemo(() => formularioSchemaDe(t), [t]);
  const [guardado, setGuardado] = useState<Guardado | undefined>();
  const { form, general, errorRef, pendiente, alEnviar } = useFormulario({
    schema,
    valores: valoresIniciales(actual),
    // The secret the API refused was generated or typed: shown under the secret's choice.
    campoDe: (clave) => campoDeError(clave) as FieldPath<Valores> | undefined,
    siSoloCampos: t("notificaciones.formulario.rechazo"),
    enviar: async (values: Valores) => {
      const secreto = secretoAEnviar(values, editando);
      const url = `/panel/notificaciones/${encodeURIComponent(topic)}`;
      const configuracion = await enviar<AppWebhook>(url, editando ? "PUT" : "POST", aUpsert(values, secreto));
      return { configuracion, secreto: secreto || null, creada: !editando, modo: values.modoSecreto };
    },
    // No router.refresh(): the heading stays as it was; the list is rendered anew when the user goes back.
    alGuardar: setGuardado,
  });
  const errors = form.formState.errors;
  const { register, control, watch } = form;
  const { fields, append, remove } = useFieldArray({ control, name: "headers" });
  const modoSecreto = watch("modoSecreto");
  const descripcion = watch("descripcion");

  if (guardado) {
    return <Resultado topic={topic} guardado={guardado} />;
  }

  const opciones = opcionesSecreto(t, actual?.Firmado ?? false)[editando ? "editar" : "crear"];

  return (
    <form
      noValidate
      onSubmit={alEnviar}
      className="space-y-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
      aria-describedby={general ? "webhook-error" : undefined}
    >
      <ErrorDeFormulario ref={errorRef} id="webhook-error" titulo={t("notificaciones.formulario.error")} mensaje={general} />

      <CampoDeTexto
        formulario={form}
        nombre="callback"
        id="callback"
        etiqueta={t("notificaciones.formulario.callback")}
        ayuda={t("notificaciones.formulario.callbackAyuda", { max: LIMITES_WEBHOOK.callback })}
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder={t("notificaciones.formulario.callbackEjemplo")}
      />

      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-800">{t("notificaciones.formulario.secretoTitulo")}</legend>
        <p id="secreto-ayuda-general" className="text-xs text-slate-500">
          {t("notificaciones.formulario.secretoAyuda")}
        </p>
        <div className="grid gap-2 sm:grid-cols-2">
          {opciones.map((opcion) => (
            <label
              key={opcion.modo}
              className="flex cursor-pointer gap-3 rounded-lg border border-slate-200 p-3 text-sm has-[:checked]:border-marca-600 has-[:checked]:bg-marca-50"
            >
              <input type="radio" value={opcion.modo} className="mt-0.5 accent-marca-700" {...register("modoSecreto")} />
              <span>
                <span className="block font-medium text-slate-900">{opcion.etiqueta}</span>
                <span className="block text-slate-600">{opcion.ayuda}</span>
              </span>
            </label>
          ))}
        </div>
        {modoSecreto === "escribir" && (
          <CampoDeTexto
            formulario={form}
            nombre="secreto"
            id="secreto"
            etiqueta={t("notificaciones.formulario.secreto")}
            ayuda={t("notificaciones.formulario.rango", { min: LIMITES_WEBHOOK.secretMin, max: LIMITES_WEBHOOK.secretMax })}
            type="text"
            autoComplete="off"
            spellCheck={false}
            className="font-mono"
          />
        )}
        {modoSecreto !== "escribir" && errors.secreto?.message && (
          <p id="secreto-error" role="alert" className="text-sm text-red-700">
            {errors.secreto.message}
          </p>
        )}
      </fieldset>

      <Field
        id="descripcion"
        label={t("notificaciones.formulario.descripcion")}
        hint={t("notificaciones.formulario.descripcionAyuda", { n: descripcion.length, max: LIMITES_WEBHOOK.descripcion })}
        error={errors.descripcion?.message}
      >
        {(control) => <textarea {...control} rows={2} className={inputClass} {...register("descripcion")} />}
      </Field>

      <div>
        <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium text-slate-800">
          <input
            id="activo"
            type="checkbox"
            className="h-4 w-4 shrink-0 accent-marca-700"
            aria-describedby="activo-ayuda"
            {...register("activo")}
          />
          {t("notificaciones.formulario.activa")}
        </label>
        <p id="activo-ayuda" className="pl-7 text-xs text-slate-500">
          {t("notificaciones.formulario.activaAyuda")}
        </p>
      </div>

      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-800">{t("notificaciones.formulario.encabezados")}</legend>
        <p className="text-xs text-slate-500">{t("notificaciones.formulario.encabezadosAyuda", { max: LIMITES_WEBHOOK.headers })}</p>
        {fields.length === 0 && <p className="text-sm text-slate-600">{t("notificaciones.formulario.sinEncabezados")}</p>}
        <ul className="space-y-3">
          {fields.map((field, index) => {
            return (
              <li key={field.id} className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_2fr_auto] sm:items-start">
                <CampoDeTexto
                  formulario={form}
                  nombre={`headers.${index}.nombre`}
                  id={`header-${index}-nombre`}
                  etiqueta={t("notificaciones.formulario.nombreEncabezado", { n: index + 1 })}
                  autoComplete="off"
                  spellCheck={false}
                  placeholder="X-Api-Key"
                />
                <CampoDeTexto
                  formulario={form}
                  nombre={`headers.${index}.valor`}
                  id={`header-${index}-valor`}
                  etiqueta={t("notificaciones.formulario.valorEncabezado", { n: index + 1 })}
                  autoComplete="off"
                  spellCheck={false}
                />
                <Button variante="fantasma" className="sm:mt-6" onClick={() => remove(index)}>
                  {t("notificaciones.formulario.quitar")}
                  <span className="sr-only">{t("notificaciones.formulario.elEncabezado", { n: index + 1 })}</span>
                </Button>
              </li>
            );
          })}
        </ul>
        <Button
          variante="secundario"
          disabled={fields.length >= LIMITES_WEBHOOK.headers}
          onClick={() => {
            append({ nombre: "", valor: "" });
          }}
        >
          {t("notificaciones.formulario.agregar")}
        </Button>
        {errors.headers?.message && <p className="text-sm text-red-700">{errors.headers.message}</p>}
      </fieldset>

      <div className="flex flex-wrap items-center gap-3 border-t border-slate-100 pt-6">
        <BotonEnviar cargando={pendiente}>
          {pendiente
            ? t("notificaciones.formulario.guardando")
            : editando
              ? t("notificaciones.formulario.guardarCambios")
              : t("notificaciones.formulario.guardarConfiguracion")}
        </BotonEnviar>
        <Link href="/panel/notificaciones" className={buttonClass("fantasma")}>
          {t("notificaciones.formulario.cancelar")}
        </Link>
      </div>
      <p className="sr-only">{t("notificaciones.topico", { topic: tituloTopico(topic, t) })}</p>
    </form>
  );
}

/** After saving: what was saved, and the new secret, once. */
function Resultado({ topic, guardado }: { topic: string; guardado: Guardado }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const t = useTranslations();
  const titulo = tituloTopico(topic, t);
  return (
    <section
      aria-labelledby="guardado-titulo"
      className="space-y-5 rounded-2xl border border-emerald-200 bg-white p-6 shadow-sm sm:p-8"
      ref={(node) => {
        if (node) requestAnimationFrame(() => headingRef.current?.focus());
      }}
    >
      <h2 id="guardado-titulo" ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-slate-900 focus:outline-none">
        {guardado.creada ? t("notificaciones.formulario.creada", { titulo }) : t("notificaciones.formulario.cambios", { titulo })}
      </h2>
      <p className="text-sm text-slate-700">
        {`Callback: `}
        <code className="break-all rounded bg-slate-100 px-1 py-0.5 text-xs">{guardado.configuracion.Callback}</code>
        {guardado.configuracion.Activo ? t("notificaciones.formulario.activaSufijo") : t("notificaciones.formulario.inactivaSufijo")}
      </p>
      {guardado.secreto ? (
        <SecretoUnaVez secreto={guardado.secreto} tipo="secreto" />
      ) : (
        <Alert tono="info">
          {guardado.modo === "conservar"
            ? t("notificaciones.formulario.secretoIgual")
            : guardado.creada
              ? t("notificaciones.formulario.sinSecreto")
              : t("notificaciones.formulario.secretoQuitado")}
        </Alert>
      )}
      <div className="flex flex-wrap gap-3">
        <Link href="/panel/notificaciones" className={buttonClass("primario")}>
          {t("notificaciones.formulario.volver")}
        </Link>
        <Link href={`/panel/notificaciones/${encodeURIComponent(topic)}/entregas`} className={buttonClass("secundario")}>
          {t("notificaciones.formulario.verRegistro")}
        </Link>
      </div>
    </section>
  );
}
