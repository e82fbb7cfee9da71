"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useMemo, useRef, useState } from "react";
import { type FieldPath, useFieldArray, useForm } from "react-hook-form";
import { useTextos } from "@/components/panel/idioma";
import { Alert } from "@/components/ui/alert";
import { BotonEnviar, Button } from "@/components/ui/button";
import { buttonClass } from "@/components/ui/button-class";
import { describedBy, Field, Input, inputClass } from "@/components/ui/field";
import { LIMITES_WEBHOOK } from "@/lib/api/limites";
import type { AppWebhook } from "@/lib/api/webhooks";
import type { Textos } from "@/lib/panel/i18n";
import {
  aUpsert,
  campoDeError,
  formularioSchemaDe,
  leerRespuesta,
  type ModoSecreto,
  mensajeDeError,
  tituloTopico,
  type FormularioWebhook as Valores,
} from "@/lib/panel/notificaciones/limites";
import { SecretoUnaVez } from "./secreto-una-vez";

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

function opcionesSecreto(
  t: Textos["notificaciones"]["formulario"],
): Record<"crear" | "editar", { modo: ModoSecreto; etiqueta: string; ayuda: string }[]> {
  const o = t.opciones;
  const rango = t.rango(LIMITES_WEBHOOK.secretMin, LIMITES_WEBHOOK.secretMax);
  return {
    crear: [
      { modo: "generar", ...o.generarNuevo },
      { modo: "escribir", etiqueta: o.escribirMio.etiqueta, ayuda: rango },
      { modo: "ninguno", ...o.ninguno },
    ],
    editar: [
      { modo: "conservar", ...o.conservar },
      { modo: "generar", ...o.generarReemplazo },
      { modo: "escribir", etiqueta: o.escribirNuevo.etiqueta, ayuda: rango },
      { modo: "ninguno", ...o.quitar },
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
  const textos = useTextos().notificaciones;
  const t = textos.formulario;
  const schema = useMemo(() => formularioSchemaDe(textos.validacion), [textos]);
  const [error, setError] = useState<string | undefined>();
  const [guardado, setGuardado] = useState<Guardado | undefined>();
  const alertRef = useRef<HTMLDivElement>(null);
  const {
    register,
    control,
    handleSubmit,
    watch,
    setError: setFieldError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<Valores>({ resolver: zodResolver(schema), defaultValues: valoresIniciales(actual) });
  const { fields, append, remove } = useFieldArray({ control, name: "headers" });
  const modoSecreto = watch("modoSecreto");
  const descripcion = watch("descripcion");

  async function onSubmit(values: Valores) {
    setError(undefined);
    const secreto =
      values.modoSecreto === "generar"
        ? generarSecreto()
        : values.modoSecreto === "escribir"
          ? values.secreto
          : values.modoSecreto === "ninguno" && editando
            ? ""
            : null;
    let result: Awaited<ReturnType<typeof leerRespuesta<AppWebhook>>>;
    try {
      const response = await fetch(`/panel/notificaciones/${encodeURIComponent(topic)}`, {
        method: editando ? "PUT" : "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(aUpsert(values, secreto)),
      });
      result = await leerRespuesta<AppWebhook>(response, textos.respuesta);
    } catch {
      result = {
        ok: false,
        error: { Title: t.sinConexion, Status: 0, Detail: t.sinConexionDetalle },
      };
    }
    if (result.ok) {
      // No router.refresh(): the heading stays as it was; the list is rendered anew when the user goes back.
      setGuardado({ configuracion: result.data, secreto: secreto || null, creada: !editando, modo: values.modoSecreto });
      return;
    }
    const generales: string[] = [];
    let primero: FieldPath<Valores> | undefined;
    for (const [clave, mensajes] of Object.entries(result.error.Errors ?? {})) {
      const campo = campoDeError(clave) as FieldPath<Valores> | undefined;
      // The secret the API refused was generated or typed: show it under the secret's choice.
      const destino = campo === "secreto" && values.modoSecreto !== "escribir" ? undefined : campo;
      if (destino) {
        setFieldError(destino, { type: "server", message: mensajes.join(" ") });
        primero ??= destino;
      } else generales.push(...mensajes);
    }
    if (primero && generales.length === 0) {
      setError(t.rechazo);
      setFocus(primero);
      return;
    }
    setError(generales.length > 0 ? `${result.error.Title}: ${generales.join(" ")}` : mensajeDeError(result.error));
    requestAnimationFrame(() => alertRef.current?.focus());
  }

  if (guardado) {
    return <Resultado topic={topic} guardado={guardado} />;
  }

  const opciones = opcionesSecreto(t)[editando ? "editar" : "crear"];

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      className="space-y-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
      aria-describedby={error ? "webhook-error" : undefined}
    >
      {error && (
        <div ref={alertRef} tabIndex={-1} className="focus:outline-none">
          <Alert tono="error" id="webhook-error">
            {error}
          </Alert>
        </div>
      )}

      <Field id="callback" label={t.callback} hint={t.callbackAyuda(LIMITES_WEBHOOK.callback)} error={errors.callback?.message}>
        <Input
          id="callback"
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder={t.callbackEjemplo}
          aria-invalid={errors.callback ? true : undefined}
          aria-describedby={describedBy("callback", { hint: true, error: Boolean(errors.callback) })}
          {...register("callback")}
        />
      </Field>

      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-800">{t.secretoTitulo}</legend>
        <p id="secreto-ayuda-general" className="text-xs text-slate-500">
          {t.secretoAyuda}
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
          <Field
            id="secreto"
            label={t.secreto}
            hint={t.rango(LIMITES_WEBHOOK.secretMin, LIMITES_WEBHOOK.secretMax)}
            error={errors.secreto?.message}
          >
            <Input
              id="secreto"
              type="text"
              autoComplete="off"
              spellCheck={false}
              className="font-mono"
              aria-invalid={errors.secreto ? true : undefined}
              aria-describedby={describedBy("secreto", { hint: true, error: Boolean(errors.secreto) })}
              {...register("secreto")}
            />
          </Field>
        )}
        {modoSecreto !== "escribir" && errors.secreto?.message && (
          <p id="secreto-error" role="alert" className="text-sm text-red-700">
            {errors.secreto.message}
          </p>
        )}
      </fieldset>

      <Field
        id="descripcion"
        label={t.descripcion}
        hint={t.descripcionAyuda(descripcion.length, LIMITES_WEBHOOK.descripcion)}
        error={errors.descripcion?.message}
      >
        <textarea
          id="descripcion"
          rows={2}
          className={inputClass}
          aria-invalid={errors.descripcion ? true : undefined}
          aria-describedby={describedBy("descripcion", { hint: true, error: Boolean(errors.descripcion) })}
          {...register("descripcion")}
        />
      </Field>

      <div className="flex items-start gap-3">
        <input
          id="activo"
          type="checkbox"
          className="mt-1 h-4 w-4 accent-marca-700"
          aria-describedby="activo-ayuda"
          {...register("activo")}
        />
        <div>
          <label htmlFor="activo" className="text-sm font-medium text-slate-800">
            {t.activa}
          </label>
          <p id="activo-ayuda" className="text-xs text-slate-500">
            {t.activaAyuda}
          </p>
        </div>
      </div>

      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-800">{t.encabezados}</legend>
        <p className="text-xs text-slate-500">{t.encabezadosAyuda(LIMITES_WEBHOOK.headers)}</p>
        {fields.length === 0 && <p className="text-sm text-slate-600">{t.sinEncabezados}</p>}
        <ul className="space-y-3">
          {fields.map((field, index) => {
            const nombreId = `header-${index}-nombre`;
            const valorId = `header-${index}-valor`;
            const errorNombre = errors.headers?.[index]?.nombre?.message;
            const errorValor = errors.headers?.[index]?.valor?.message;
            return (
              <li key={field.id} className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_2fr_auto] sm:items-start">
                <Field id={nombreId} label={t.nombreEncabezado(index + 1)} error={errorNombre}>
                  <Input
                    id={nombreId}
                    autoComplete="off"
                    spellCheck={false}
                    placeholder="X-Api-Key"
                    aria-invalid={errorNombre ? true : undefined}
                    aria-describedby={describedBy(nombreId, { error: Boolean(errorNombre) })}
                    {...register(`headers.${index}.nombre`)}
                  />
                </Field>
                <Field id={valorId} label={t.valorEncabezado(index + 1)} error={errorValor}>
                  <Input
                    id={valorId}
                    autoComplete="off"
                    spellCheck={false}
                    aria-invalid={errorValor ? true : undefined}
                    aria-describedby={describedBy(valorId, { error: Boolean(errorValor) })}
                    {...register(`headers.${index}.valor`)}
                  />
                </Field>
                <Button variante="fantasma" className="sm:mt-6" onClick={() => remove(index)}>
                  {t.quitar}
                  <span className="sr-only">{t.elEncabezado(index + 1)}</span>
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
          {t.agregar}
        </Button>
        {errors.headers?.message && <p className="text-sm text-red-700">{errors.headers.message}</p>}
      </fieldset>

      <div className="flex flex-wrap items-center gap-3 border-t border-slate-100 pt-6">
        <BotonEnviar cargando={isSubmitting}>
          {isSubmitting ? t.guardando : editando ? t.guardarCambios : t.guardarConfiguracion}
        </BotonEnviar>
        <Link href="/panel/notificaciones" className={buttonClass("fantasma")}>
          {t.cancelar}
        </Link>
      </div>
      <p className="sr-only">{textos.topico(tituloTopico(topic, textos))}</p>
    </form>
  );
}

/** After saving: what was saved, and the new secret, once. */
function Resultado({ topic, guardado }: { topic: string; guardado: Guardado }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const textos = useTextos().notificaciones;
  const t = textos.formulario;
  const titulo = tituloTopico(topic, textos);
  return (
    <section
      aria-labelledby="guardado-titulo"
      className="space-y-5 rounded-2xl border border-emerald-200 bg-white p-6 shadow-sm sm:p-8"
      ref={(node) => {
        if (node) requestAnimationFrame(() => headingRef.current?.focus());
      }}
    >
      <h2 id="guardado-titulo" ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-slate-900 focus:outline-none">
        {guardado.creada ? t.creada(titulo) : t.cambios(titulo)}
      </h2>
      <p className="text-sm text-slate-700">
        {`Callback: `}
        <code className="break-all rounded bg-slate-100 px-1 py-0.5 text-xs">{guardado.configuracion.Callback}</code>
        {guardado.configuracion.Activo ? t.activaSufijo : t.inactivaSufijo}
      </p>
      {guardado.secreto ? (
        <SecretoUnaVez secreto={guardado.secreto} />
      ) : (
        <Alert tono="info">{guardado.modo === "conservar" ? t.secretoIgual : guardado.creada ? t.sinSecreto : t.secretoQuitado}</Alert>
      )}
      <div className="flex flex-wrap gap-3">
        <Link href="/panel/notificaciones" className={buttonClass("primario")}>
          {t.volver}
        </Link>
        <Link href={`/panel/notificaciones/${encodeURIComponent(topic)}/entregas`} className={buttonClass("secundario")}>
          {t.verRegistro}
        </Link>
      </div>
    </section>
  );
}
