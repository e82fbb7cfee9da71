import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { signRequest } from "@/lib/http/signing";
import { freePort, spawnNext, startTestServer } from "../support/test-server";

const run = promisify(execFile);
const root = mkdtempSync(path.join(tmpdir(), "vitrina-embedded-"));
const dataDir = path.join(root, "data");
const env = { DATA_DIR: dataDir, SEED_DEMO: "false", DATABASE_URL: "" };

afterAll(() => rmSync(root, { recursive: true, force: true }));

async function cli(...args: string[]) {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const { stdout } = await run("node_modules/.bin/tsx", ["--conditions=react-server", "scripts/admin.ts", ...args], {
    env: { ...inherited, ...env },
  });
  return stdout;
}

function exitOf(child: ReturnType<typeof spawnNext>): Promise<{ code: number | null; output: string }> {
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, output })));
}

describe("embedded mode: one owner per DATA_DIR", () => {
  it("lets the CLI work while the server runs, refuses a second server, and keeps the data", async () => {
    const first = await startTestServer({ embedded: true, dataDir });
    try {
      const credentials = JSON.parse(await cli("app", "create", "--name", "Mientras corre", "--json"));
      const headers = signRequest({ method: "GET", pathAndQuery: "/v3", appKey: credentials.AppKey, appSecret: credentials.AppSecret });
      expect((await fetch(`${first.info.baseUrl}/v3`, { headers })).status).toBe(200);

      const second = spawnNext(await freePort(), env);
      const { code, output } = await exitOf(second);
      expect(code).toBe(1);
      expect(output).toMatch(/El directorio de datos .* está en uso por el proceso \d+/);

      const listed = JSON.parse(await cli("app", "list", "--json"));
      expect(listed.map((app: { AppKey: string }) => app.AppKey)).toContain(credentials.AppKey);
    } finally {
      await first.stop();
    }

    const listedOffline = JSON.parse(await cli("app", "list", "--json"));
    expect(listedOffline).toHaveLength(1);
    expect(listedOffline[0]).toMatchObject({ Nombre: "Mientras corre", SecretosActivos: 1, Topics: ["agencias", "consultas"] });
    expect(JSON.stringify(listedOffline)).not.toMatch(/[0-9a-f]{64}/);
  });

  it("stops at start with a message naming an invalid variable", async () => {
    const child = spawnNext(await freePort(), { ...env, WEBHOOK_LOG_RETENTION_DAYS: "forever" });
    const { code, output } = await exitOf(child);
    expect(code).toBe(1);
    expect(output).toContain("WEBHOOK_LOG_RETENTION_DAYS");
  });
});
