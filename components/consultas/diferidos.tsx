"use client";

import { type ComponentProps, lazy, Suspense } from "react";
import type { AvisoNovedades } from "./aviso-novedades";
import type { DetalleConsulta } from "./detalle-consulta";

/**
 * Parts of the inbox whose code loads just after the page rather than with it, to keep its first-load
 * JS within budget (200 kB gzip: docs/performance.md): the detail (only with an enquiry open) and the
 * poll of new enquiries. The server renders them whole all the same; the browser hydrates them once
 * their code has arrived.
 */
const Detalle = lazy(() => import("./detalle-consulta").then((modulo) => ({ default: modulo.DetalleConsulta })));
const Novedades = lazy(() => import("./aviso-novedades").then((modulo) => ({ default: modulo.AvisoNovedades })));

export function DetalleDiferido(props: ComponentProps<typeof DetalleConsulta>) {
  return (
    <Suspense>
      <Detalle {...props} />
    </Suspense>
  );
}

export function AvisoNovedadesDiferido(props: ComponentProps<typeof AvisoNovedades>) {
  return (
    <Suspense>
      <Novedades {...props} />
    </Suspense>
  );
}
