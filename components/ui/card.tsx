import type { ReactNode } from "react";

/** A white card with an optional heading and description. */
export function Card({
  titulo,
  descripcion,
  children,
  className = "",
  as: Tag = "section",
}: {
  titulo?: ReactNode;
  descripcion?: ReactNode;
  children?: ReactNode;
  className?: string;
  as?: "section" | "div" | "article";
}) {
  return (
    <Tag className={`rounded-2xl border border-slate-200 bg-white p-6 shadow-sm ${className}`}>
      {titulo && <h2 className="text-lg font-semibold tracking-tight text-slate-900">{titulo}</h2>}
      {descripcion && <p className="mt-1 text-sm text-slate-600">{descripcion}</p>}
      {children && <div className={titulo || descripcion ? "mt-4" : undefined}>{children}</div>}
    </Tag>
  );
}
