import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { copiarPlantillaPglite } from "./pglite-plantilla";

/**
 * Imported (first) by a unit test that runs the service's modules on a PGlite database of its own:
 * the environment is set when this module is evaluated, before the test imports those modules
 * (dynamically, after its static imports). Embedded mode, no demo, no SMTP, no log. The database
 * starts as a copy of the run's migrated template.
 */
export const dataDir = mkdtempSync(path.join(tmpdir(), "vitrina-unit-"));
copiarPlantillaPglite(dataDir);
process.env.DATA_DIR = dataDir;
process.env.SEED_DEMO = "false";
process.env.LOG_LEVEL = "silent";
delete process.env.DATABASE_URL;
delete process.env.SMTP_URL;

/** After the test has closed the database. */
export function removeDataDir(): void {
  rmSync(dataDir, { recursive: true, force: true });
}
