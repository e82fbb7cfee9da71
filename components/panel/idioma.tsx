"use client";

import { createContext, type ReactNode, use, useContext } from "react";
import type { Idioma, Textos } from "@/lib/panel/i18n";
import { es } from "@/lib/panel/i18n/es";

type Lengua = { idioma: Idioma; textos: Textos };

const ESPANOL: Lengua = { idioma: "es-AR", textos: es };

const IdiomaContext = createContext<Lengua>(ESPANOL);

// Created once (per page, per server process): use() must get the same promise on every render to find its value.
let ingles: Promise<Lengua> | undefined;

function cargarIngles(): Promise<Lengua> {
  ingles ??= import("@/lib/panel/i18n/en").then(({ en }) => ({ idioma: "en", textos: en }));
  return ingles;
}

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
