import type { TextosConexion } from "./conexion-es";

/** The Conexión page in English. Typed as conexion-es.ts's shape: the same keys, no more, no fewer. */

export const conexionEn: TextosConexion = {
  titulo: "API connection",
  descripcion: "The app this panel signs every request to Vitrina's API v3 with.",
  actual: "Current connection",
  actualTexto: "The AppSecret is stored encrypted and never shown, not even in part.",
  espacio: "Workspace",
  url: "API base URL",
  appKey: "AppKey",
  appSecret: "AppSecret",
  secretoOculto: "Stored encrypted",
  probar: "Test connection",
  probando: "Testing…",
  probarAyuda: "Makes a signed GET /v3 with the saved connection.",
  prueba: {
    ok: "Connection works",
    fallo: "The test failed",
    status: (status) => `HTTP ${status}`,
    latencia: (ms) => `${ms.toLocaleString("en-US")} ms`,
    version: (version) => `version ${version}`,
    sinConexion: "Could not connect",
    error: "We could not run the test",
  },
  cambiar: {
    titulo: "Change the connection",
    texto: "Before saving, the panel tests the new values with a signed GET /v3: they are saved only if the API answers 200.",
    urlAyuda: "Without /v3 at the end, e.g. https://api.vitrina.com.ar.",
    appKeyAyuda: "The app's AppKey (32 hexadecimal characters).",
    appSecret: "New AppSecret (optional)",
    appSecretAyuda: "Leave it empty to keep the current one. What you type is never shown again.",
    guardar: "Test and save",
    guardando: "Testing…",
    error: "We did not save the changes",
    exito: "We saved the new connection: the API accepted it.",
  },
  validacion: {
    faltaUrl: "Enter the API base URL.",
    urlInvalida: "Enter an absolute URL starting with http:// or https://, e.g. https://api.vitrina.com.ar.",
    urlMaxima: (max) => `The URL can be up to ${max} characters long.`,
    faltaAppKey: "Enter the AppKey.",
    appKeyMaxima: (max) => `The AppKey can be up to ${max} characters long.`,
    espacios: "It cannot contain spaces.",
    appSecretMaximo: (max) => `The AppSecret can be up to ${max} characters long.`,
  },
  servidor: {
    rechazada: "The API did not accept the new connection",
    nadaCambio: "Nothing was saved.",
    sinConexion: (detalle) => `Could not connect: ${detalle}`,
    noEsV3: (status) => `No API v3 answers at that URL (HTTP ${status}).`,
    respuesta: (status, titulo) => `The API answered ${status} ${titulo}.`,
    destino:
      "That address is on a private or local network: from here the panel only connects to public addresses or to this server's own API. For another one, ask whoever runs the platform.",
  },
};
