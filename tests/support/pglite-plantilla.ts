import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * A PGlite database with every migration applied, made once per test run: a test service on a fresh
 * data directory starts from a copy of it instead of migrating a new database (about 4 s on an idle
 * 2-core machine, several times that on a busy one). The global setups make it and name it here.
 */
const VARIABLE = "VITRINA_TEST_PGLITE_PLANTILLA";

/**
 * Makes the template (the operator CLI opening a new DATA_DIR migrates it) and returns its removal;
 * a second global setup of the same run (another project's) uses the first one's.
 */
export function crearPlantillaPglite(): () => void {
  if (process.env[VARIABLE]) return () => {};
  const root = mkdtempSync(path.join(tmpdir(), "vitrina-plantilla-"));
  const { DATABASE_URL: _embedded, ...inherited } = process.env;
  execFileSync(process.execPath, ["--import", "tsx", "--conditions=react-server", "scripts/admin.ts", "app", "list", "--json"], {
    env: { ...inherited, DATA_DIR: path.join(root, "data"), SEED_DEMO: "false", LOG_LEVEL: "silent" },
    stdio: "ignore",
  });
  process.env[VARIABLE] = path.join(root, "data", "pglite");
  return () => {
    delete process.env[VARIABLE];
    rmSync(root, { recursive: true, force: true });
  };
}

/** Copies the template (when this run made one) as `dataDir`'s database; the service tightens its modes on start. */
export function copiarPlantillaPglite(dataDir: string): void {
  const template = process.env[VARIABLE];
  if (template) cpSync(template, path.join(dataDir, "pglite"), { recursive: true });
}
