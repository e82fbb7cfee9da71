"use client";

import { createContext, type ReactNode, useContext } from "react";
import { IDIOMA_PREDETERMINADO, type Idioma, type Textos, textosDe } from "@/lib/panel/i18n";

const IdiomaContext = createContext<Idioma>(IDIOMA_PREDETERMINADO);

/**
 * The Panel's language for client components (set in the panel layout and on /ingresar from the
 * `idioma` cookie). Only the language crosses the server/client boundary; the dictionaries are
 * plain modules, so their message functions (plurals, values) work in the browser too.
 */
export function IdiomaProvider({ idioma, children }: { idioma: Idioma; children: ReactNode }) {
  return <IdiomaContext.Provider value={idioma}>{children}</IdiomaContext.Provider>;
}

export function useIdioma(): Idioma {
  return useContext(IdiomaContext);
}

export function useTextos(): Textos {
  return textosDe(useContext(IdiomaContext));
}
