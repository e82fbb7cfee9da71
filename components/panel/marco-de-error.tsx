import Link from "next/link";
import type { ReactNode } from "react";
import { enlaceClass } from "@/components/ui/button-class";
import { Card } from "@/components/ui/card";

const TONOS = { noEncontrada: "text-slate-600", sinPermiso: "text-amber-700", errorInesperado: "text-red-700" } as const;

export type TipoDeError = keyof typeof TONOS;

/**
 * The frame of the Panel's error pages (404, 403 and an unexpected error): what happened, why, an
 * optional action and the way back to the Panel's start. No hooks and no server code: the server
 * pages (pagina-de-error.tsx) and the client error boundary (app/(panel)/panel/error.tsx) share it.
 */
export function MarcoDeError({
  tipo,
  textos,
  volver,
  accion,
  pie,
}: {
  tipo: TipoDeError;
  textos: { error: string; titulo: string; texto: string };
  volver: string;
  accion?: ReactNode;
  pie?: ReactNode;
}) {
  return (
    <Card as="div" className="mx-auto max-w-xl">
      <p className={`text-sm font-semibold uppercase tracking-wide ${TONOS[tipo]}`}>{textos.error}</p>
      <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900">{textos.titulo}</h1>
      <p className="mt-3 text-slate-700">{textos.texto}</p>
      <div className="mt-6 flex flex-wrap items-center gap-4">
        {accion}
        <Link href="/panel" className={enlaceClass("text-sm")}>
          {volver}
        </Link>
      </div>
      {pie}
    </Card>
  );
}
