import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildOpenApiDocument } from "@/lib/api/openapi";

/**
 * npm run lint:openapi (part of npm run lint): the document /v3/openapi.json serves, linted by
 * Redocly (recommended-strict: the recommended rules with every warning an error) and Spectral (spectral:oas); any error or warning fails. The server
 * URL is a deployment's (localhost is a warning of its own: the document names where it is served).
 */
const directory = mkdtempSync(path.join(tmpdir(), "vitrina-openapi-"));
const file = path.join(directory, "openapi.json");
writeFileSync(file, JSON.stringify(buildOpenApiDocument("https://vitrina.ar"), null, 2));

const bin = (name: string) => path.join(process.cwd(), "node_modules/.bin", name);
const env = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" };
const run = (command: string, args: string[]) => spawnSync(bin(command), args, { stdio: "inherit", env }).status ?? 1;

try {
  const redocly = run("redocly", ["lint", "--extends", "recommended-strict", "--max-problems", "50", file]);
  const spectral = run("spectral", ["lint", "--fail-severity", "warn", "--ruleset", ".spectral.yaml", file]);
  process.exitCode = redocly || spectral;
} finally {
  rmSync(directory, { recursive: true, force: true });
}
