import type { TextosRespuestas } from "./respuestas-es";

/** The route handlers' own answers in English. Typed as respuestas-es.ts's shape: the same keys. */

export const respuestasEn: TextosRespuestas = {
  prohibida: "Forbidden",
  noDelPanel: "The request does not come from the panel.",
  tipoNoSoportado: "Unsupported content type",
  seEsperaJson: "application/json is expected.",
  solicitudInvalida: "Invalid request",
  noEncontrado: "Not found",
  notificacionNoEncontrada: "The topic is not configured or the notification does not exist.",
  errorInterno: "Internal error",
  errorInternoDetalle: "We could not complete the operation. Try again.",
  sinConexion: "We could not connect to the API",
  sinConexionDetalle: "Try again in a few minutes.",
  errorDeLaApi: "The API answered with an error",
  ciudad: "Choose the province and type the city.",
  exportar: {
    filtros: "Cannot export: the filters are not valid.",
    agencia: "Cannot export: choose an agency.",
    motivo: (motivo) => `Cannot export: ${motivo}`,
  },
};
