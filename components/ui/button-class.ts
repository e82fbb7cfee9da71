export type Variant = "primario" | "secundario" | "fantasma" | "peligro";

const variants: Record<Variant, string> = {
  primario: "bg-marca-700 text-white hover:bg-marca-900 disabled:bg-marca-700/60",
  secundario: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 disabled:text-slate-400",
  fantasma: "text-slate-700 hover:bg-slate-100 disabled:text-slate-400",
  peligro: "bg-red-700 text-white hover:bg-red-800 disabled:bg-red-700/60",
};

/** The look of a button, for links and buttons alike (server and client components). */
export const buttonClass = (variant: Variant = "primario", extra = "") =>
  `inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold shadow-sm transition-colors motion-reduce:transition-none focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-marca-700 disabled:cursor-not-allowed ${variants[variant]} ${extra}`;
