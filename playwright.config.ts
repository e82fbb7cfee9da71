import { defineConfig } from "@playwright/test";

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 60_000,
  retries: 0,
  // Each spec file starts a server of its own and its tests run in order: two files at a time.
  workers: 2,
  reporter: process.env.CI ? "line" : "list",
  globalSetup: "./tests/e2e/global-setup.ts",
  use: {
    // The desktop size of the pages' checks (tests/support/pagina.ts also checks each page at a phone's).
    viewport: { width: 1440, height: 900 },
    // The browser of the Panel's users speaks es-AR (navigator.language, Accept-Language). Headless
    // Chromium still draws empty date fields as mm/dd/yyyy: it takes that pattern from neither this
    // nor --lang, while a Chrome set to Spanish (Argentina) draws dd/mm/aaaa.
    locale: "es-AR",
    // The pages honour prefers-reduced-motion: no colour transitions under test (axe reads colours).
    contextOptions: { reducedMotion: "reduce" },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
});
