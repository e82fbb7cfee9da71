import { readdirSync } from "node:fs";
import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = {
  "@": path.resolve(import.meta.dirname),
  // The SDK's examples import the package by its name, as a partner's code does.
  "@vitrina/sdk": path.resolve(import.meta.dirname, "sdk/src/index.ts"),
  // server-only throws outside React Server Components; tests run the same modules in plain Node.
  "server-only": path.resolve(import.meta.dirname, "tests/support/empty.ts"),
};

/**
 * The API test files run three at a time against one service (each creates the apps and agencies it
 * uses; the fuzzer, which compares the mailbox and the log before and after, on a service of its own).
 * The load test and the production shape run alone afterwards: they measure processes under their
 * own load.
 */
const API_WORKERS = 3;
const SOLO = ["tests/api/carga.test.ts", "tests/api/produccion.test.ts"];
// Listed rather than globbed with a project-level `exclude`, which would override the CLI's --exclude.
const apiFiles = readdirSync(path.join(import.meta.dirname, "tests/api"))
  .filter((name) => name.endsWith(".test.ts"))
  .map((name) => `tests/api/${name}`);
const api = {
  globalSetup: ["tests/support/global-setup.ts"],
  // Every /v3 answer a test receives is checked against the OpenAPI document.
  setupFiles: ["tests/support/contract-hook.ts"],
  // With three files running and the service's web process busy, a test that starts the operator CLI
  // took over 30 s on a CI-like run (agencias.test.ts, 'agency share-catalogo'); fixtures no longer
  // start it (tests/support/operador.ts), the CLI's own tests still do.
  testTimeout: 60_000,
  hookTimeout: 180_000,
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        // Some unit tests open a real PGlite or run property checks: on a busy machine 10 s (hooks)
        // and 5 s (tests) were too little. Two files at a time (the default leaves one of two cores
        // idle while a file waits on a child process): 49 s became 39 s on the shared machine.
        test: {
          name: "unit",
          maxWorkers: 2,
          include: ["tests/unit/**/*.test.ts"],
          globalSetup: ["tests/support/plantilla-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: { ...api, name: "api", include: apiFiles.filter((file) => !SOLO.includes(file)), maxWorkers: API_WORKERS },
      },
      {
        resolve: { alias },
        // After the others, one file at a time, on a service of their own.
        test: { ...api, name: "api-solo", include: SOLO, fileParallelism: false, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
