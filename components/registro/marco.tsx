import type { ReactNode } from "react";

/** The frame of the public registration pages: brand, a card, and a short footer. */
export function MarcoRegistro({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-marca-50 to-slate-50">
      <header className="border-b border-slate-200 bg-white/80">
        <div className="mx-auto flex max-w-2xl items-center gap-2 px-6 py-4">
          <span aria-hidden="true" className="grid h-8 w-8 place-items-center rounded-lg bg-marca-700 text-sm font-bold text-white">
            V
          </span>
          <span className="text-lg font-semibold tracking-tight text-slate-900">Vitrina</span>
          <span className="ml-auto text-sm text-slate-600">Registro de agencias</span>
        </div>
      </header>
      <main className="mx-auto w-full max-w-2xl flex-1 px-6 py-10">{children}</main>
      <footer className="px-6 py-6 text-center text-xs text-slate-500">Vitrina · integración de agencias para apps asociadas</footer>
    </div>
  );
}

/** A full-card message: not found, gone, done. */
export function Aviso({ titulo, children, tono = "info" }: { titulo: string; children: ReactNode; tono?: "info" | "exito" | "error" }) {
  const color = { info: "border-slate-200", exito: "border-emerald-300", error: "border-amber-300" }[tono];
  return (
    <section className={`rounded-2xl border ${color} bg-white p-8 shadow-sm`}>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{titulo}</h1>
      <div className="mt-4 space-y-3 text-slate-700">{children}</div>
    </section>
  );
}
