import type { Traductor } from "@/lib/panel/i18n/idiomas";

/** The topics of docs/contract.md#webhooks and the event each one sends; their titles and descriptions are messages. */
export const TOPICOS = {
  agencias: { evento: "agencia.registrada" },
  consultas: { evento: "consulta.recibida" },
  publicaciones: { evento: "publicacion.cambiada" },
} as const;

export type TopicoConocido = keyof typeof TOPICOS;

export const esTopicoConocido = (topic: string): topic is TopicoConocido => Object.hasOwn(TOPICOS, topic);

/** Other topics the service may add show their name only. */
export const tituloTopico = (topic: string, t: Traductor) =>
  esTopicoConocido(topic) ? t(`notificaciones.topicos.${topic}.titulo`) : topic;

export const descripcionTopico = (topic: string, t: Traductor): string | undefined =>
  esTopicoConocido(topic) ? t(`notificaciones.topicos.${topic}.descripcion`) : undefined;

/** The events a delivery may carry, by the name of their message. */
const EVENTOS = {
  prueba: "prueba",
  "consulta.recibida": "consultaRecibida",
  "agencia.registrada": "agenciaRegistrada",
  "publicacion.cambiada": "publicacionCambiada",
} as const;

/** An event's name in the user's language; one the service may add later reads as the API sends it. */
export function nombreDeEvento(evento: string, t: Traductor): string {
  return Object.hasOwn(EVENTOS, evento) ? t(`notificaciones.lista.eventos.${EVENTOS[evento as keyof typeof EVENTOS]}`) : evento;
}

/** What a failed attempt's connection error means, by the code the HTTP client put in it. */
const ERRORES_DE_CONEXION = [
  [/ECONNREFUSED/, "rechazada"],
  [/ENOTFOUND|EAI_AGAIN/, "sinNombre"],
  [/ETIMEDOUT|UND_ERR_.*TIMEOUT|timeout|aborted/i, "tiempo"],
  [/ECONNRESET|UND_ERR_SOCKET|socket hang up|other side closed/i, "cortada"],
  [/CERT|SSL|TLS|certificate|UNABLE_TO_VERIFY/i, "certificado"],
] as const;

/** An attempt's error in the user's words, or null when the Panel has none for it (it is then shown as recorded). */
export function errorDeConexionEnPalabras(error: string, t: Traductor): string | null {
  const clave = ERRORES_DE_CONEXION.find(([patron]) => patron.test(error))?.[1];
  return clave ? t(`notificaciones.lista.errores.${clave}`) : null;
}
