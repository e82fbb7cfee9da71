/**
 * The Conexión page's texts (ADR 0015), apart from es.ts: only that page bundles them
 * (useTextosConexion); the server merges them into textosDe's texts as `conexion`. conexion-en.ts has
 * exactly these keys.
 */

export const conexionEs = {
  titulo: "Conexión con la API",
  descripcion: "La app con la que este panel firma cada pedido a la API v3 de Vitrina.",
  actual: "Conexión actual",
  actualTexto: "El AppSecret se guarda cifrado y nunca se muestra, tampoco en parte.",
  espacio: "Espacio de trabajo",
  url: "URL base de la API",
  appKey: "AppKey",
  appSecret: "AppSecret",
  secretoOculto: "Guardado cifrado",
  probar: "Probar conexión",
  probando: "Probando…",
  probarAyuda: "Hace un GET /v3 firmado con la conexión guardada.",
  prueba: {
    ok: "Conexión correcta",
    fallo: "La prueba falló",
    status: (status: number) => `HTTP ${status}`,
    latencia: (ms: number) => `${ms.toLocaleString("es-AR")} ms`,
    version: (version: string) => `versión ${version}`,
    sinConexion: "No se pudo conectar",
    error: "No pudimos hacer la prueba",
  },
  cambiar: {
    titulo: "Cambiar la conexión",
    texto: "Antes de guardar, el panel prueba los valores nuevos con un GET /v3 firmado: solo se guardan si la API responde 200.",
    urlAyuda: "Sin /v3 al final, p. ej. https://api.vitrina.com.ar.",
    appKeyAyuda: "La AppKey de la app (32 caracteres hexadecimales).",
    appSecret: "AppSecret nuevo (opcional)",
    appSecretAyuda: "Dejalo vacío para conservar el actual. Lo que escribas no se vuelve a mostrar.",
    guardar: "Probar y guardar",
    guardando: "Probando…",
    error: "No guardamos los cambios",
    exito: "Guardamos la conexión nueva: la API la aceptó.",
  },
  validacion: {
    faltaUrl: "Ingresá la URL base de la API.",
    urlInvalida: "Ingresá una URL absoluta que empiece con http:// o https://, p. ej. https://api.vitrina.com.ar.",
    urlMaxima: (max: number) => `La URL puede tener hasta ${max} caracteres.`,
    faltaAppKey: "Ingresá la AppKey.",
    appKeyMaxima: (max: number) => `La AppKey puede tener hasta ${max} caracteres.`,
    espacios: "No puede tener espacios.",
    appSecretMaximo: (max: number) => `El AppSecret puede tener hasta ${max} caracteres.`,
  },
  servidor: {
    rechazada: "La API no aceptó la conexión nueva",
    nadaCambio: "No se guardó ningún cambio.",
    sinConexion: (detalle: string) => `No se pudo conectar: ${detalle}`,
    noEsV3: (status: number) => `En esa URL no responde una API v3 (HTTP ${status}).`,
    respuesta: (status: number, titulo: string) => `La API respondió ${status} ${titulo}.`,
    destino:
      "Esa dirección es de una red privada o local: desde aquí el panel solo se conecta a direcciones públicas o a la API de este mismo servidor. Para otra, pedíselo a quien opera la plataforma.",
  },
};

export type TextosConexion = typeof conexionEs;
