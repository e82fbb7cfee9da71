/**
 * What the Panel's route handlers answer on their own (`{ Title, Detail }` of a refusal or a failure,
 * the export's plain-text refusals), apart from es.ts: only the server says them, so no page bundles
 * them; the server merges them into textosDe's texts as `respuestas`. The API's own problem texts
 * pass through as the API sends them; `v3` is what the v3 client says when the API gave no problem. respuestas-en.ts has exactly these keys.
 */

export const respuestasEs = {
  prohibida: "Operación prohibida",
  noDelPanel: "La solicitud no viene del panel.",
  tipoNoSoportado: "Tipo de contenido no soportado",
  seEsperaJson: "Se espera application/json.",
  solicitudInvalida: "Solicitud inválida",
  noEncontrado: "No encontrado",
  notificacionNoEncontrada: "El tópico no está configurado o la notificación no existe.",
  errorInterno: "Error interno",
  errorInternoDetalle: "No pudimos completar la operación. Probá de nuevo.",
  sinConexion: "No pudimos conectarnos con la API",
  sinConexionDetalle: "Probá de nuevo en unos minutos.",
  errorDeLaApi: "La API respondió con un error",
  ciudad: "Elegí la provincia y escribí la ciudad.",
  v3: {
    estados: {
      400: "Solicitud inválida",
      401: "No autorizado",
      403: "Prohibido",
      404: "No encontrado",
      406: "No aceptable",
      409: "Conflicto",
      415: "Tipo de contenido no soportado",
      429: "Demasiadas solicitudes",
    } as Record<number, string>,
    estado: (status: number) => `Error ${status}`,
    sinConexion: "No se pudo conectar con la API v3",
    sinRespuestaATiempo: "no respondió a tiempo",
    respuestaInvalida: "Respuesta inválida de la API v3",
    noEsJson: "No es JSON.",
  },
  exportar: {
    filtros: "No se puede exportar: los filtros no son válidos.",
    agencia: "No se puede exportar: elegí una agencia.",
    motivo: (motivo: string) => `No se puede exportar: ${motivo}`,
  },
};

export type TextosRespuestas = typeof respuestasEs;
