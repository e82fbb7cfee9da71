/**
 * Boundaries enforced by `npm run lint:deps` (part of `npm run lint`, so of `npm test`).
 * Decisions §1: the dashboard talks to the service only through the v3 HTTP API, and neither reads
 * the other's tables.
 */

const dashboard = "^(app/\\(panel\\)|app/ingresar|app/api/auth|lib/panel|components)/";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "panel-sin-servicio",
      comment:
        "El panel habla con el servicio solo por la API v3 (lib/panel/v3-client.ts): no importa lib/service, lib/admin ni las tablas del servicio. Sus tablas están en lib/db/schema-panel.ts.",
      severity: "error",
      from: { path: dashboard },
      to: { path: "^(lib/service/|lib/admin/|lib/db/schema(-agencias|-consultas|-catalogo)?\\.ts$)" },
    },
    {
      name: "servicio-sin-panel",
      comment:
        "El servicio no lee las tablas del panel ni usa su código. lib/service/runtime.ts arranca todo el proceso (p. ej. el panel de demostración) y queda fuera.",
      severity: "error",
      from: { path: "^(lib/service/|app/v3/|app/registro/|app/marketplace/)", pathNot: "^lib/service/runtime\\.ts$" },
      to: { path: "^(lib/panel/|lib/db/schema-panel\\.ts$|components/panel/)" },
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
