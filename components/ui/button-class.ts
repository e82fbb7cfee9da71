export type Variant = "primario" | "secundario" | "fantasma" | "peligro";

const variants: Record<Variant, string> = {
  primario: "bg-marca-700 text-white hover:bg-marca-900 disabled:bg-marca-700/60",
  secundario: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 disabled:text-slate-400",
  fantasma: "text-slate-700 hover:bg-slate-100 disabled:text-slate-400",
  peligro: "bg-red-700 text-white hover:bg-red-800 disabled:bg-red-700/60",
};

/** The look of a button, for links and buttons alike (server and client components). */
export const buttonClass = (variant: Variant = "primario", extra = "") =>
  `inline-flex max-sm:min-h-11 max-sm:min-w-11 items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold shadow-sm transition-colors motion-reduce:transition-none focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-marca-700 disabled:cursor-not-allowed ${variants[variant]} ${extra}`;

/** A link that is not a button (go to a section, back to a list): 44 px tall on a phone, where it is a touch target. */
export const enlaceClass = (extra = "") =>
  `inline-flex max-sm:min-h-11 items-center gap-1 font-semibold text-marca-700 underline-offset-2 hover:text-marca-900 hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-marca-700 ${extra}`;
