import type { ComponentProps, ReactNode } from "react";
import type { FieldPath, FieldValues, UseFormReturn } from "react-hook-form";

export const inputClass =
  "mt-1 block min-h-11 w-full rounded-lg border [&:is(select)]:h-11 border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-marca-600 focus:outline-none focus:ring-2 focus:ring-marca-100 aria-[invalid=true]:border-red-500";

/** The ids of a field's hint and error, for aria-describedby. */
export const describedBy = (id: string, { hint, error }: { hint?: boolean; error?: boolean }) =>
  [hint && `${id}-ayuda`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;

/** What a field's control carries to be read with its label, hint and error. */
export type Control = { id: string; "aria-invalid": true | undefined; "aria-describedby": string | undefined };

/**
 * A label, a control, an optional hint and an error, wired with ids for screen readers. Give the
 * control as a function of its `Control` props (`{(control) => <select {...control} />}`) and the
 * wiring is done here; a control given as is wires itself.
 */
export function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  children: ReactNode | ((control: Control) => ReactNode);
}) {
  const control: Control = {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(id, { hint: Boolean(hint), error: Boolean(error) }),
  };
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {typeof children === "function" ? children(control) : children}
      {hint && (
        <p id={`${id}-ayuda`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

export function Input({ className = "", ...props }: ComponentProps<"input">) {
  return <input className={`${inputClass} ${className}`} {...props} />;
}

/** An e-mail address typed on any keyboard: no capital first letter, no spelling marks. */
export const ENTRADA_EMAIL = { type: "email", inputMode: "email", autoCapitalize: "none", spellCheck: false } as const;

type PropsDeCampo<V extends FieldValues> = {
  formulario: UseFormReturn<V>;
  nombre: FieldPath<V>;
  id: string;
  etiqueta: string;
  ayuda?: string;
} & Omit<ComponentProps<"input">, "id" | "name" | "form">;

/** A text field of a form: registered in `formulario` (react-hook-form), with its label, hint and error. */
export function CampoDeTexto<V extends FieldValues>({ formulario, nombre, id, etiqueta, ayuda, ...input }: PropsDeCampo<V>) {
  const error = formulario.getFieldState(nombre, formulario.formState).error?.message;
  return (
    <Field id={id} label={etiqueta} hint={ayuda} error={error}>
      {(control) => <Input {...control} {...input} {...formulario.register(nombre)} />}
    </Field>
  );
}
