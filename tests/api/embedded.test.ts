import { execFile } from "node:child_process";
import { chmodSync, lstatSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
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

type Entry = { path: string; mode: number; kind: "directory" | "file" | "other" };

/** DATA_DIR and everything under it, with each entry's permission bits. */
function entriesOf(directory: string): Entry[] {
  const stats = lstatSync(directory);
  const kind = stats.isDirectory() ? "directory" : stats.isFile() ? "file" : "other";
  const entry: Entry = { path: directory, mode: stats.mode & 0o777, kind };
  if (kind !== "directory") return [entry];
  return [entry, ...readdirSync(directory).flatMap((name) => entriesOf(path.join(directory, name)))];
}

/** What is readable or writable by anyone but the owner: directories must be 0700, files 0600, the socket no more than 0700. */
function loose(entries: Entry[]): string[] {
  const expected = { directory: 0o700, file: 0o600, other: 0o700 };
  return entries
    .filter((entry) => (entry.kind === "other" ? (entry.mode & 0o077) !== 0 : entry.mode !== expected[entry.kind]))
    .map((entry) => `${entry.mode.toString(8)} ${entry.path}`);
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
    expect(listedOffline[0]).toMatchObject({
      Nombre: "Mientras corre",
      SecretosActivos: 1,
      Topics: ["agencias", "consultas", "publicaciones"],
    });
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

  it("keeps DATA_DIR private: 0700 directories and 0600 files, those created while it serves and writes too", async () => {
    const privateDir = path.join(root, "privado");
    const running = await startTestServer({ embedded: true, dataDir: privateDir });
    try {
      const atStart = new Set(entriesOf(privateDir).map((entry) => entry.path));
      expect(loose(entriesOf(privateDir))).toEqual([]);
      const seeded = JSON.parse(await cliIn(privateDir, "seed", "demo", "--consultas", "3000", "--json"));
      expect(seeded.Consultas).toBe(3000);
      const afterWrites = entriesOf(privateDir);
      expect(afterWrites.filter((entry) => !atStart.has(entry.path)).length, "files created while serving").toBeGreaterThan(0);
      expect(loose(afterWrites)).toEqual([]);
    } finally {
      await running.stop();
    }
    expect(loose(entriesOf(privateDir))).toEqual([]);
  }, 180_000);

  it("tightens an existing DATA_DIR whose modes let other users in", async () => {
    const openDir = path.join(root, "abierto");
    const first = await startTestServer({ embedded: true, dataDir: openDir });
    await first.stop();
    for (const entry of entriesOf(openDir)) chmodSync(entry.path, entry.kind === "directory" ? 0o777 : 0o666);
    expect(loose(entriesOf(openDir)).length).toBeGreaterThan(900);

    const second = await startTestServer({ embedded: true, dataDir: openDir });
    try {
      expect(loose(entriesOf(openDir))).toEqual([]);
    } finally {
      await second.stop();
    }
  }, 180_000);

  it("stops at start with a message naming an invalid variable", async () => {
    const child = spawnNext(await freePort(), { ...env, WEBHOOK_LOG_RETENTION_DAYS: "forever" });
    const { code, output } = await exitOf(child);
    expect(code).toBe(1);
    expect(output).toContain("WEBHOOK_LOG_RETENTION_DAYS");
  });
});
