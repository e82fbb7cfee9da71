"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { type DefaultValues, type FieldPath, type FieldValues, useForm } from "react-hook-form";
import type { ZodMiniType } from "zod/mini";
import { ErrorDelPanel, explicar } from "./enviar";

/**
 * The Panel's forms, one way: react-hook-form checks the values with the form's schema (the same one
 * the route handler checks again), react-query sends them, and a refusal lands where it belongs: each
 * field's message under its field with the focus on the first, the rest in the form's general alert
 * (`general`, shown by ErrorDeFormulario with `errorRef`), focused so that a screen reader reads it.
 */

type Opciones<V extends FieldValues, R> = {
  schema: ZodMiniType<V, V>;
  valores: DefaultValues<V>;
  /** Sends the checked values; what it resolves to goes to `alGuardar`. */
  enviar: (values: V) => Promise<R>;
  alGuardar?: (resultado: R, values: V) => void;
  /** The form's field for a key of the problem's Errors; a key without one goes to the general alert. */
  campoDe: (clave: string) => FieldPath<V> | undefined;
  /** What a 404 without a problem of its own means on this form (e.g. the member is gone). */
  noEncontrado?: string;
  /** The general alert when every message went under a field (none by default: the fields say it). */
  siSoloCampos?: string;
};

/** A problem's field errors, by the form's field, and the messages that belong to no field. */
export function repartirErrores<F extends string>(error: unknown, campoDe: (clave: string) => F | undefined) {
  const porCampo = new Map<F, string>();
  const otros: string[] = [];
  const errores = error instanceof ErrorDelPanel ? (error.problema?.Errors ?? {}) : {};
  for (const [clave, mensajes] of Object.entries(errores)) {
    const campo = campoDe(clave);
    if (campo) porCampo.set(campo, [porCampo.get(campo), ...mensajes].filter(Boolean).join(" "));
    else otros.push(...mensajes);
  }
  return { porCampo, otros };
}

/** Errors' keys that are the form's own field names, as most of the Panel's forms send them. */
export const camposDe =
  <F extends string>(campos: readonly F[]) =>
  (clave: string): F | undefined =>
    (campos as readonly string[]).includes(clave) ? (clave as F) : undefined;

export function useFormulario<V extends FieldValues, R>({
  schema,
  valores,
  enviar,
  alGuardar,
  campoDe,
  noEncontrado,
  siSoloCampos,
}: Opciones<V, R>) {
  const t = useTranslations("envio");
  const form = useForm<V>({ resolver: zodResolver(schema), defaultValues: valores });
  const [general, setGeneral] = useState<string>();
  const errorRef = useRef<HTMLDivElement>(null);

  const mutacion = useMutation({
    mutationFn: enviar,
    onSuccess: alGuardar,
    onError: (error) => {
      const { porCampo, otros } = repartirErrores(error, campoDe);
      for (const [campo, message] of porCampo) form.setError(campo, { type: "server", message });
      const { titulo, detalle } = explicar(error, t, noEncontrado);
      setGeneral(otros.length ? otros.join(" ") : porCampo.size ? siSoloCampos : (detalle ?? titulo));
      const primero = [...porCampo.keys()][0];
      if (primero) form.setFocus(primero);
      else requestAnimationFrame(() => errorRef.current?.focus());
    },
  });

  return {
    form,
    errores: form.formState.errors,
    general,
    errorRef,
    pendiente: mutacion.isPending,
    /** The form's onSubmit: checks, clears the last refusal, sends. */
    alEnviar: form.handleSubmit((values) => {
      setGeneral(undefined);
      mutacion.mutate(values);
    }),
    /** Clears the general alert (e.g. when the user discards the changes). */
    limpiar: () => setGeneral(undefined),
  };
}
