import type { ReactNode, Ref } from "react";

type Tone = "error" | "aviso" | "exito" | "info";

const tones: Record<Tone, string> = {
  error: "border-red-200 bg-red-50 text-red-800",
  aviso: "border-amber-200 bg-amber-50 text-amber-900",
  exito: "border-emerald-200 bg-emerald-50 text-emerald-900",
  info: "border-marca-100 bg-marca-50 text-marca-900",
};

/** A message box; errors use role=alert so screen readers announce them as they appear. */
export function Alert({ tono = "info", titulo, children, id }: { tono?: Tone; titulo?: string; children?: ReactNode; id?: string }) {
  return (
    <div id={id} role={tono === "error" ? "alert" : "status"} className={`rounded-lg border p-4 text-sm ${tones[tono]}`}>
      {titulo && <p className="font-semibold">{titulo}</p>}
      {children && <div className={titulo ? "mt-1" : undefined}>{children}</div>}
    </div>
  );
}

/**
 * A form's general error (what no single field explains): the form moves the focus here (`ref`) when
 * it appears, so a screen reader reads it. Nothing without a message.
 */
export function ErrorDeFormulario({
  titulo,
  mensaje,
  ref,
  id,
}: {
  titulo: string;
  mensaje?: string;
  ref: Ref<HTMLDivElement>;
  id?: string;
}) {
  if (!mensaje) return null;
  return (
    <div ref={ref} tabIndex={-1} className="focus:outline-none">
      <Alert tono="error" titulo={titulo} id={id}>
        {mensaje}
      </Alert>
    </div>
  );
}
