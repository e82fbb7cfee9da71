import type { FullConfig } from "@playwright/test";
import { crearPlantillaPglite } from "../support/pglite-plantilla";
import { startTestServer } from "../support/test-server";

/** The e2e tests run against a real server on a fresh embedded data directory. */
export default async function globalSetup(_config: FullConfig) {
  const removeTemplate = crearPlantillaPglite();
  const server = await startTestServer({ embedded: true });
  process.env.E2E_BASE_URL = server.info.baseUrl;
  return async () => {
    await server.stop();
    removeTemplate();
  };
}
