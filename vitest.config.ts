import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = {
  "@": path.resolve(import.meta.dirname),
  // The SDK's examples import the package by its name, as a partner's code does.
  "@vitrina/sdk": path.resolve(import.meta.dirname, "sdk/src/index.ts"),
  // server-only throws outside React Server Components; tests run the same modules in plain Node.
  "server-only": path.resolve(import.meta.dirname, "tests/support/empty.ts"),
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        // Some unit tests open a real PGlite (migrations included) or run property checks: on a busy
        // machine 10 s (hooks) and 5 s (tests) were too little.
        test: { name: "unit", include: ["tests/unit/**/*.test.ts"], testTimeout: 30_000, hookTimeout: 60_000 },
      },
      {
        resolve: { alias },
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          globalSetup: ["tests/support/global-setup.ts"],
          // Every /v3 answer a test receives is checked against the OpenAPI document.
          setupFiles: ["tests/support/contract-hook.ts"],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
