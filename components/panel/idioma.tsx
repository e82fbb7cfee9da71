"use client";

import { createContext, type ReactNode, use, useContext } from "react";
import type { Idioma, Textos } from "@/lib/panel/i18n";
import { es } from "@/lib/panel/i18n/es";

type Lengua = { idioma: Idioma; textos: Textos };

const ESPANOL: Lengua = { idioma: "es-AR", textos: es };

const IdiomaContext = createContext<Lengua>(ESPANOL);

/**
 * An English dictionary as a chunk of its own, imported on first use. The promise is created once (per
 * page, per server process): use() must get the same promise on every render to find its value.
 */
export function enIngles<T>(importar: () => Promise<T>): () => Promise<T> {
  let ingles: Promise<T> | undefined;
  return () => {
    ingles ??= importar();
    return ingles;
  };
}

const cargarIngles = enIngles(() => import("@/lib/panel/i18n/en").then(({ en }): Lengua => ({ idioma: "en", textos: en })));

/**
 * The Panel's language for client components (set in the panel layout and on /ingresar from the
 * `idioma` cookie). Only the language crosses the server/client boundary: the dictionaries hold
 * functions (plurals, values), so they cannot be props. Spanish is bundled with every page; English
 * is a chunk of its own, loaded only for users who chose it. Until it arrives the children wait,
 * on the server as in the browser, so the HTML is already in English and hydration matches it.
 */
export function IdiomaProvider({ idioma, children }: { idioma: Idioma; children: ReactNode }) {
  return <IdiomaContext value={idioma === "en" ? use(cargarIngles()) : ESPANOL}>{children}</IdiomaContext>;
}

export function useIdioma(): Idioma {
  return useContext(IdiomaContext).idioma;
}

export function useTextos(): Textos {
  return useContext(IdiomaContext).textos;
}

/**
 * A page's own dictionary (Equipo, Conexión: lib/panel/i18n/<page>-*.ts), kept out of es.ts so that
 * only that page bundles it: its Spanish comes with the page, its English is a chunk of its own that
 * `ingles` (made with enIngles) loads on first use; the component waits for it, like IdiomaProvider.
 */
export function useTextosDePagina<T>(espanol: T, ingles: () => Promise<T>): T {
  return useIdioma() === "en" ? use(ingles()) : espanol;
}
