"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

/**
 * The dashboard's sections the user may use; the current one is marked with aria-current. On a wide
 * screen they are the header's second row, however many the role has. The home (`inicio`) is the
 * first item on a phone, in the menu; on a wide screen the brand beside it leads there.
 */
export function Navegacion({ areas, inicio, etiqueta }: { areas: { href: string; label: string }[]; inicio: string; etiqueta: string }) {
  const pathname = usePathname();
  const todas = [{ href: "/panel", label: inicio, soloMovil: true }, ...areas];
  return (
    <nav aria-label={etiqueta} className="md:order-last md:-mx-3 md:w-full">
      <ul className="flex flex-col gap-1 md:flex-row md:flex-wrap">
        {todas.map((area) => {
          // The home is current on itself only: every page is under /panel.
          const actual = pathname === area.href || (area.href !== "/panel" && pathname.startsWith(`${area.href}/`));
          return (
            <li key={area.href} className={"soloMovil" in area ? "md:hidden" : undefined}>
              <Link
                href={area.href}
                aria-current={actual ? "page" : undefined}
                className={`flex min-h-11 items-center rounded-lg px-3 py-2 md:min-h-0 text-sm font-medium focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-marca-700 ${
                  actual ? "bg-marca-50 text-marca-900" : "text-slate-700 hover:bg-slate-100"
                }`}
              >
                {area.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
