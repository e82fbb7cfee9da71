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
  v3: {
    estados: {
      400: "Invalid request",
      401: "Unauthorized",
      403: "Forbidden",
      404: "Not found",
      406: "Not acceptable",
      409: "Conflict",
      415: "Unsupported content type",
      429: "Too many requests",
    },
    estado: (status) => `Error ${status}`,
    sinConexion: "Could not connect to the v3 API",
    sinRespuestaATiempo: "did not answer in time",
    respuestaInvalida: "Invalid answer from the v3 API",
    noEsJson: "It is not JSON.",
  },
  exportar: {
    filtros: "Cannot export: the filters are not valid.",
    agencia: "Cannot export: choose an agency.",
    motivo: (motivo) => `Cannot export: ${motivo}`,
  },
};
