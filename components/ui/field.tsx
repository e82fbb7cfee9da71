import type { ComponentProps, ReactNode } from "react";

export const inputClass =
  "mt-1 block min-h-11 w-full rounded-lg border [&:is(select)]:h-11 border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-marca-600 focus:outline-none focus:ring-2 focus:ring-marca-100 aria-[invalid=true]:border-red-500";

/** A label, a control, an optional hint and an error, wired with ids for screen readers. */
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
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
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

/** The ids of a field's hint and error, for aria-describedby. */
export const describedBy = (id: string, { hint, error }: { hint?: boolean; error?: boolean }) =>
  [hint && `${id}-ayuda`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;

export function Input({ className = "", ...props }: ComponentProps<"input">) {
  return <input className={`${inputClass} ${className}`} {...props} />;
}
