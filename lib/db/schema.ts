/**
 * Every table, for drizzle (lib/db/client.ts, drizzle.config.ts) and for the code that reads them:
 * this file only re-exports. One file per domain; none imports this one back.
 */
export * from "./schema-agencias";
export * from "./schema-alertas";
export * from "./schema-apps";
export * from "./schema-catalogo";
export * from "./schema-consultas";
export * from "./schema-kernel";
export * from "./schema-mail";
export * from "./schema-panel";
export * from "./schema-publicaciones";
export * from "./schema-webhooks";
