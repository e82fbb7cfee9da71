import type { ComponentProps } from "react";

type Variant = "primario" | "secundario" | "fantasma" | "peligro";

const variants: Record<Variant, string> = {
  primario: "bg-marca-700 text-white hover:bg-marca-900 disabled:bg-marca-700/60",
  secundario: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 disabled:text-slate-400",
  fantasma: "text-slate-700 hover:bg-slate-100 disabled:text-slate-400",
  peligro: "bg-red-700 text-white hover:bg-red-800 disabled:bg-red-700/60",
};

export const buttonClass = (variant: Variant = "primario", extra = "") =>
  `inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold shadow-sm transition-colors motion-reduce:transition-none focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-marca-700 disabled:cursor-not-allowed ${variants[variant]} ${extra}`;

/** A button; `cargando` disables it and says so to screen readers (aria-busy). */
export function Button({
  variante = "primario",
  cargando = false,
  className = "",
  type = "button",
  children,
  disabled,
  ...props
}: ComponentProps<"button"> & { variante?: Variant; cargando?: boolean }) {
  return (
    <button
      type={type}
      className={buttonClass(variante, className)}
      disabled={disabled || cargando}
      aria-busy={cargando || undefined}
      {...props}
    >
      {cargando && <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-current border-r-transparent" />}
      {children}
    </button>
  );
}
