/**
 * Boundaries enforced by `npm run lint:deps` (part of `npm run lint`, so of `npm test`).
 *
 * The service is a stack; each layer knows only the ones below it (docs/decisions/0030-layers.md):
 *
 *   base (lib/env, lib/time, lib/ids, lib/log, lib/metrics, lib/expiring-cache, lib/formats, lib/contacto, lib/client-address, lib/raw-target,
 *   lib/streams, lib/crypto)
 *   → lib/db → lib/api (the contract) → lib/service (domains) → lib/http (the v3 kernel)
 *   → app/v3, app/registro, app/marketplace, app/dev
 *
 * Beside the service, the Panel: lib/panel → components → app/(panel), which reaches the service only
 * through the v3 API (docs/contract.md#product-and-boundary). At the very top, start-up (lib/boot.ts) and the operator's
 * operations (lib/admin): only entry points (instrumentation.ts, scripts/) import them.
 */

const dashboard = "^(app/\\(panel\\)|app/ingresar|app/api/auth|lib/panel|components)/";
const base = "^lib/(env|time|ids|log|metrics|expiring-cache|formats|contacto|client-address|raw-target|streams)\\.ts$|^lib/crypto/";
const apps = "^(app|components)/";
const top = "^lib/(boot\\.ts$|boot/|admin/)";

/** A rule that forbids `from` importing any of `above`. */
function below(name, from, above, comment) {
  return { name, comment, severity: "error", from: { path: from }, to: { path: above } };
}

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    below(
      "base-abajo",
      base,
      "^lib/(db|api|service|http|panel|admin|boot)(/|\\.ts$)|^(app|components)/",
      "Los módulos base (configuración, tiempo, ids, log, formatos, cifrado) no conocen ninguna capa.",
    ),
    below(
      "db-abajo",
      "^lib/db/",
      "^lib/(api|service|http|panel|admin|boot)(/|\\.ts$)|^(app|components)/",
      "lib/db es la capa de abajo: solo conoce la base.",
    ),
    below(
      "api-abajo",
      "^lib/api/",
      "^lib/(service|http|panel|admin|boot)(/|\\.ts$)|^(app|components)/",
      "El contrato (lib/api) está debajo de los dominios y del kernel: define sus tipos y no los importa.",
    ),
    below(
      "api-sin-config",
      "^lib/api/",
      "^lib/env\\.ts$",
      "El contrato no lee la configuración del proceso: quien lo usa le pasa los valores.",
    ),
    below(
      "servicio-abajo",
      "^lib/service/",
      `^lib/(http|panel|admin|boot)(/|\\.ts$)|${apps}`,
      "Los dominios no conocen el kernel HTTP (lib/http), el panel ni el arranque: lanzan Problem de lib/api/problem.ts y el kernel lo responde.",
    ),
    below(
      "kernel-abajo",
      "^lib/http/",
      `^lib/(panel|admin|boot)(/|\\.ts$)|${apps}`,
      "El kernel v3 solo espera el arranque (lib/service/ready.ts); no lo importa.",
    ),
    below("panel-abajo", "^lib/panel/", `${top}|${apps}`, "lib/panel está debajo de components y de app/(panel)."),
    below("components-abajo", "^components/", `${top}|^app/`, "components está debajo de app/."),
    {
      name: "arranque-arriba",
      comment: "Solo los puntos de entrada (instrumentation.ts, scripts/) arrancan el proceso o ejecutan operaciones de operador.",
      severity: "error",
      from: { pathNot: `^(instrumentation\\.ts|scripts/)|${top}` },
      to: { path: top },
    },
    {
      name: "panel-sin-servicio",
      comment:
        "El panel habla con el servicio solo por la API v3 (lib/panel/v3-client.ts): no importa lib/service, lib/admin ni las tablas del servicio. Sus tablas están en lib/db/schema-panel.ts.",
      severity: "error",
      from: { path: dashboard },
      to: {
        path: "^(lib/service/|lib/admin/|lib/db/schema(-apps|-agencias|-consultas|-catalogo|-kernel|-webhooks|-mail|-publicaciones)?\\.ts$)",
      },
    },
    {
      name: "panel-solo-api",
      comment:
        "lib/panel llega al servicio solo por la API v3, con @vitrina/sdk (lib/panel/v3-client.ts): no importa el kernel (lib/http), los dominios (lib/service) ni lib/db, salvo la conexión y sus propias tablas (lib/db/index.ts, lib/db/schema-panel.ts, lib/db/storable-text.ts).",
      severity: "error",
      from: { path: "^lib/panel/" },
      to: { path: "^lib/(http|service|db)/", pathNot: "^lib/db/(index|schema-panel|storable-text)\\.ts$" },
    },
    {
      name: "servicio-sin-panel",
      comment: "El servicio no lee las tablas del panel ni usa su código.",
      severity: "error",
      from: { path: "^(lib/service/|lib/http/|app/v3/|app/registro/|app/marketplace/)" },
      to: { path: "^(lib/panel/|lib/db/schema-panel\\.ts$|components/panel/)" },
    },
    {
      name: "consultas-escritura-sin-lectura",
      comment:
        "El lado de escritura de las consultas (lib/service/consultas/write/: contadores, revisiones, marcas), al que llaman la ingesta, el seed y las marcas, no importa nada del lado de lectura: ni los hechos de la lista, ni sus formas, ni la búsqueda, ni la caché (decision 0080).",
      severity: "error",
      from: { path: "^lib/service/consultas/write/" },
      to: { path: "^lib/service/consultas/", pathNot: "^lib/service/consultas/write/" },
    },
    {
      name: "sin-ciclos",
      comment: "Ningún módulo se importa a sí mismo a través de otros: un ciclo borra el sentido de las capas.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "sin-resolver",
      comment: "Un import que no resuelve a un archivo (p. ej. un alias mal escrito) escondería una dependencia.",
      severity: "error",
      from: { path: dashboard },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|\\.next|data)" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
  },
};
