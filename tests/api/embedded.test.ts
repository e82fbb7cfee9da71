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

async function cliIn(directory: string, ...args: string[]) {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const { stdout } = await run("node_modules/.bin/tsx", ["--conditions=react-server", "scripts/admin.ts", ...args], {
    env: { ...inherited, ...env, DATA_DIR: directory },
  });
  return stdout;
}

const cli = (...args: string[]) => cliIn(dataDir, ...args);

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
  }, 120_000);

  it("seeds demo data through the running server, and ingests nothing without MARKETPLACE_TOKEN (503)", async () => {
    const seedDir = path.join(root, "seed");
    const running = await startTestServer({ embedded: true, dataDir: seedDir, env: { MARKETPLACE_TOKEN: "" } });
    const cliHere = (...args: string[]) => cliIn(seedDir, ...args);
    try {
      const seeded = JSON.parse(await cliHere("seed", "demo", "--consultas", "1500", "--json"));
      expect(seeded).toMatchObject({ Consultas: 1500, Agencias: expect.arrayContaining(["ventas@autosdelplata.com.ar"]) });
      expect(seeded).not.toHaveProperty("AppSecret");
      const { AppSecret } = JSON.parse(await cliHere("app", "rotate-secret", "--app", seeded.AppKey, "--json"));
      let visible = 0;
      for (const adminMail of seeded.Agencias) {
        const pathAndQuery = `/v3/consultas/${adminMail}`;
        const headers = signRequest({ method: "GET", pathAndQuery, appKey: seeded.AppKey, appSecret: AppSecret });
        const response = await fetch(`${running.info.baseUrl}${pathAndQuery}`, { headers });
        expect(response.status).toBe(200);
        const page = await response.json();
        visible += page.Total;
        for (const consulta of page._entries) expect(consulta.Interesado.Telefono).toMatch(/^\+54 9 \d{2,4} \d+-\d{4}$/);
      }
      // 120 days seeded, the last 90 visible.
      expect(visible).toBeGreaterThan(0);
      expect(visible).toBeLessThan(1500);

      const refused = await fetch(`${running.info.baseUrl}/marketplace/consultas`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: "Bearer cualquier-token-de-prueba" },
        body: "{}",
      });
      expect(refused.status).toBe(503);
      expect(await refused.json()).toMatchObject({ Status: 503, Detail: expect.stringContaining("MARKETPLACE_TOKEN") });
    } finally {
      await running.stop();
    }
  }, 120_000);

  it("stops at start with a message naming an invalid variable", async () => {
    const child = spawnNext(await freePort(), { ...env, WEBHOOK_LOG_RETENTION_DAYS: "forever" });
    const { code, output } = await exitOf(child);
    expect(code).toBe(1);
    expect(output).toContain("WEBHOOK_LOG_RETENTION_DAYS");
  });
});
