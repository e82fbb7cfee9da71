"use client";

import { createContext, type FormEvent, type ReactNode, useContext, useEffect, useRef, useState } from "react";

/**
 * The registration's checks in the browser, said in Spanish under each field like the Panel does,
 * never in the browser's own bubbles (which speak the browser's language). The form is a plain HTML
 * post: without JavaScript the browser checks it and the server's answer says what is wrong; with
 * JavaScript the form turns `noValidate`, and on submit every field's constraints (required, lengths,
 * pattern, the password's strength) are read and the first field in error gets the focus.
 */

type Mensajes = Record<string, string>;
const Contexto = createContext<Mensajes>({});

type Control = HTMLInputElement | HTMLSelectElement;
const esControl = (elemento: Element): elemento is Control => elemento instanceof HTMLInputElement || elemento instanceof HTMLSelectElement;

/** What is wrong with a field, in words (its own message aside); undefined when nothing is. */
export function mensajeDe(campo: Control): string | undefined {
  const { validity } = campo;
  if (validity.valid) return undefined;
  const nombre = campo.labels?.[0]?.textContent?.trim() ?? campo.name;
  if (validity.valueMissing) return campo instanceof HTMLSelectElement ? `Elegí una opción en «${nombre}».` : `Completá «${nombre}».`;
  if (validity.tooShort && campo instanceof HTMLInputElement) return `«${nombre}» necesita al menos ${campo.minLength} caracteres.`;
  if (validity.tooLong && campo instanceof HTMLInputElement) return `«${nombre}» puede tener hasta ${campo.maxLength} caracteres.`;
  if (validity.typeMismatch) return `Revisá «${nombre}»: no tiene la forma esperada.`;
  return campo.dataset.formato ?? `Revisá «${nombre}».`;
}

const ERROR_LOCAL = "-error-local";

/** Marks a field as in error (or not) for screen readers, next to what the server said about it. */
function marcar(campo: Control, mensaje: string | undefined) {
  const otros = (campo.getAttribute("aria-describedby") ?? "").split(" ").filter((id) => id && id !== `${campo.id}${ERROR_LOCAL}`);
  const ids = mensaje ? [...otros, `${campo.id}${ERROR_LOCAL}`] : otros;
  if (ids.length) campo.setAttribute("aria-describedby", ids.join(" "));
  else campo.removeAttribute("aria-describedby");
  if (mensaje) campo.setAttribute("aria-invalid", "true");
  else campo.removeAttribute("aria-invalid");
}

export function FormularioValidado({ children, ...form }: { action: string; className?: string; children: ReactNode }) {
  const ref = useRef<HTMLFormElement>(null);
  const [mensajes, setMensajes] = useState<Mensajes>({});
  useEffect(() => {
    if (ref.current) ref.current.noValidate = true;
  }, []);

  function alEnviar(event: FormEvent<HTMLFormElement>) {
    const encontrados: Mensajes = {};
    let primero: Control | undefined;
    for (const campo of [...event.currentTarget.elements].filter(esControl)) {
      // A field that set its own message (the password's strength) shows it itself.
      const mensaje = campo.validity.customError ? undefined : mensajeDe(campo);
      marcar(campo, mensaje);
      if (mensaje) encontrados[campo.id] = mensaje;
      if (!campo.validity.valid) primero ??= campo;
    }
    setMensajes(encontrados);
    if (primero) {
      event.preventDefault();
      primero.focus();
    }
  }

  /** A field edited after a refusal loses its message until the next submit. */
  function alCambiar(event: FormEvent<HTMLFormElement>) {
    const campo = event.target;
    if (!(campo instanceof Element) || !esControl(campo) || !mensajes[campo.id]) return;
    marcar(campo, undefined);
    setMensajes(({ [campo.id]: _, ...resto }) => resto);
  }

  return (
    <Contexto.Provider value={mensajes}>
      <form ref={ref} method="post" onSubmit={alEnviar} onChange={alCambiar} {...form}>
        {children}
      </form>
    </Contexto.Provider>
  );
}

/** The browser's message for the field `id`, where the server's messages go. */
export function MensajeLocal({ id }: { id: string }) {
  const mensaje = useContext(Contexto)[id];
  if (!mensaje) return null;
  return (
    <p id={`${id}${ERROR_LOCAL}`} className="mt-1 text-sm text-red-700">
      {mensaje}
    </p>
  );
}
