"use client";

import { type InputHTMLAttributes, useState } from "react";
import { CONTRASENA_DEBIL, esContrasenaFuerte } from "@/lib/api/contrasena";

/**
 * The registration's password input with the server's strength rule run in the browser (the page
 * works without JavaScript: then the server's answer says it). A weak password is marked invalid
 * (the browser does not send the form) and the message says what to do; the dictionaries load the
 * first time the field is left.
 */
export function EntradaContrasena({ id, ...input }: InputHTMLAttributes<HTMLInputElement> & { id: string }) {
  const [debil, setDebil] = useState(false);
  const revisar = async (campo: HTMLInputElement) => {
    const valor = campo.value;
    const fuerte = campo.validity.tooShort || valor === "" || (await esContrasenaFuerte(valor).catch(() => true));
    if (campo.value !== valor) return;
    campo.setCustomValidity(fuerte ? "" : CONTRASENA_DEBIL);
    setDebil(!fuerte);
  };
  const ayuda = input["aria-describedby"];
  return (
    <>
      <input
        id={id}
        {...input}
        aria-invalid={debil || input["aria-invalid"] ? true : undefined}
        aria-describedby={[ayuda, debil && `${id}-debil`].filter(Boolean).join(" ") || undefined}
        onBlur={(event) => void revisar(event.currentTarget)}
        onInput={(event) => {
          event.currentTarget.setCustomValidity("");
          if (debil) void revisar(event.currentTarget);
        }}
      />
      {debil && (
        <p id={`${id}-debil`} className="mt-1 text-sm text-red-700">
          {CONTRASENA_DEBIL}
        </p>
      )}
    </>
  );
}
