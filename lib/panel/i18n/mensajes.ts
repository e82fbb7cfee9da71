import "server-only";
import { createTranslator } from "next-intl";
import { FORMATOS } from "@/lib/formats";
import agenciasEn from "@/messages/en/agencias.json";
import alertasEn from "@/messages/en/alertas.json";
import comunEn from "@/messages/en/comun.json";
import conexionEn from "@/messages/en/conexion.json";
import consultasEn from "@/messages/en/consultas.json";
import equipoEn from "@/messages/en/equipo.json";
import historialEn from "@/messages/en/historial.json";
import ingresoEn from "@/messages/en/ingreso.json";
import notificacionesEn from "@/messages/en/notificaciones.json";
import paqueteEn from "@/messages/en/paquete.json";
import publicacionesEn from "@/messages/en/publicaciones.json";
import respuestasEn from "@/messages/en/respuestas.json";
import agencias from "@/messages/es-AR/agencias.json";
import alertas from "@/messages/es-AR/alertas.json";
import comun from "@/messages/es-AR/comun.json";
import conexion from "@/messages/es-AR/conexion.json";
import consultas from "@/messages/es-AR/consultas.json";
import equipo from "@/messages/es-AR/equipo.json";
import historial from "@/messages/es-AR/historial.json";
import ingreso from "@/messages/es-AR/ingreso.json";
import notificaciones from "@/messages/es-AR/notificaciones.json";
import paquete from "@/messages/es-AR/paquete.json";
import publicaciones from "@/messages/es-AR/publicaciones.json";
import respuestas from "@/messages/es-AR/respuestas.json";
import type { Idioma, Traductor } from "./idiomas";

/**
 * The Panel's messages: one JSON file per area and language (messages/es-AR is the source of truth;
 * tests/unit/mensajes.test.ts checks that messages/en has the same keys and arguments). Only the
 * server holds them all; a client component gets the areas its page hands to MensajesDe.
 */

const ES = {
  ...comun,
  ...ingreso,
  ...consultas,
  ...agencias,
  ...paquete,
  ...publicaciones,
  ...notificaciones,
  ...equipo,
  ...conexion,
  ...alertas,
  ...respuestas,
  ...historial,
};

export type Mensajes = typeof ES;

const EN: Mensajes = {
  ...comunEn,
  ...ingresoEn,
  ...consultasEn,
  ...agenciasEn,
  ...paqueteEn,
  ...publicacionesEn,
  ...notificacionesEn,
  ...equipoEn,
  ...conexionEn,
  ...alertasEn,
  ...respuestasEn,
  ...historialEn,
};

export const MENSAJES: Record<Idioma, Mensajes> = { "es-AR": ES, en: EN };

/** The areas a client component may need; the common messages (DEL_COMUN) always go. */
export type Area = "ingreso" | "consultas" | "agencias" | "publicaciones" | "notificaciones" | "equipo" | "conexion" | "alertas";

/**
 * The part of an area its client components use, when that is less than all of it: the Agencias
 * pages' headings and texts (e.g. "Editar datos") are the server's, and a page must not carry the
 * words of a form it does not show.
 */
const AL_NAVEGADOR: Partial<Record<Area, readonly string[]>> = {
  agencias: ["invitacion", "edicion", "validacion", "desasociar", "noExiste"],
  publicaciones: ["acciones", "niveles", "rechazos"],
};

/** What client components of every page use: the language switch, the error boundary, the sender. */
const DEL_COMUN = ["idioma", "comun", "marco", "errorInesperado", "envio"] as const satisfies readonly (keyof typeof comun)[];

function delArea(mensajes: Mensajes, area: Area) {
  const partes = AL_NAVEGADOR[area];
  const todo = mensajes[area] as Record<string, unknown>;
  return partes ? Object.fromEntries(partes.map((parte) => [parte, todo[parte]])) : todo;
}

/** The messages of these areas only, for NextIntlClientProvider (the rest never reaches the browser). */
export function mensajesDe(idioma: Idioma, areas: readonly Area[]): Partial<Mensajes> {
  const todos = MENSAJES[idioma];
  const comunes = DEL_COMUN.map((nombre) => [nombre, todos[nombre]]);
  return Object.fromEntries([...comunes, ...areas.map((area) => [area, delArea(todos, area)])]);
}

/** A translator outside a request (the v3 client made by a script, tests): next-intl's createTranslator. */
export function traductorDe(idioma: Idioma): Traductor {
  return createTranslator({ locale: idioma, messages: MENSAJES[idioma], formats: FORMATOS });
}
