import type { TestProject } from "vitest/node";
import { crearPlantillaPglite } from "./pglite-plantilla";
import { startTestServer } from "./test-server";

/** One service for the API tests: a fresh PGlite directory, or a fresh database when DATABASE_URL is set. */
export default async function setup(project: TestProject) {
  const removeTemplate = crearPlantillaPglite();
  const server = await startTestServer();
  project.provide("server", server.info);
  return async () => {
    await server.stop();
    removeTemplate();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    server: import("./test-server").TestServerInfo;
  }
}
