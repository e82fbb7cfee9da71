import Link from "next/link";
import { enlaceClass } from "@/components/ui/button-class";

/** A two-level breadcrumb: the section, as a link, and the page the user is on. */
export function Migas({ etiqueta, seccion, href, actual }: { etiqueta: string; seccion: string; href: string; actual: string }) {
  return (
    <nav aria-label={etiqueta} className="text-sm">
      <Link href={href} className={enlaceClass()}>
        {seccion}
      </Link>
      <span aria-hidden="true" className="mx-2 text-slate-400">
        /
      </span>
      <span aria-current="page" className="text-slate-600">
        {actual}
      </span>
    </nav>
  );
}
