import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

/** `pid`: the server process (tsx runs it in a child of its own: see `serverPid`). */
export type TestServerInfo = { baseUrl: string; env: Record<string, string>; logFile: string; pid: number };

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** A database of its own on the PostgreSQL server named by DATABASE_URL; dropped afterwards. */
export async function createScratchDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `vitrina_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

async function waitUntilServing(url: string, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt++) {
    if (child.exitCode !== null) throw new Error(`El servidor terminó al arrancar (código ${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`El servidor no respondió en ${url}`);
}

type ServerOptions = { embedded?: boolean; dataDir?: string; env?: Record<string, string> };

export function spawnNext(port: number, env: Record<string, string>): ChildProcess {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  return spawn(path.resolve("node_modules/.bin/tsx"), ["scripts/start.ts"], {
    env: { ...inherited, HOST: "127.0.0.1", ...env, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

/** `npm run worker`: on PostgreSQL the workers are processes of their own, as in production. */
function spawnWorker(env: Record<string, string>): ChildProcess {
  return spawn(path.resolve("node_modules/.bin/tsx"), ["--conditions=react-server", "scripts/worker.ts"], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

export async function startTestServer(options: ServerOptions = {}) {
  const workDir = mkdtempSync(path.join(tmpdir(), "vitrina-test-"));
  const port = await freePort();
  const usePostgres = process.env.DATABASE_URL && !options.embedded;
  const scratch = usePostgres ? await createScratchDatabase(process.env.DATABASE_URL as string) : undefined;
  const env: Record<string, string> = {
    PORT: String(port),
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: options.dataDir ?? path.join(workDir, "data"),
    LOG_LEVEL: "info",
    SEED_DEMO: "false",
    MARKETPLACE_TOKEN: "marketplace-token-for-tests",
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true",
    WEBHOOK_ALLOW_HTTP: "true",
    // Every test client comes from 127.0.0.1 and some send thousands of requests: the rate-limit
    // tests start servers with limits of their own.
    RATE_LIMIT_APP: "0",
    RATE_LIMIT_IP: "0",
    RATE_LIMIT_SIGN_IN: "0",
    ...(scratch && {
      DATABASE_URL: scratch.url,
      SECRETS_KEY: randomBytes(32).toString("hex"),
      AUTH_SECRET: randomBytes(32).toString("base64url"),
    }),
    ...options.env,
  };
  const logFile = path.join(workDir, "server.log");
  const log = createWriteStream(logFile);
  const child = spawnNext(port, env);
  const worker = scratch ? spawnWorker(env) : undefined;
  for (const process of [child, worker]) {
    process?.stdout?.pipe(log);
    process?.stderr?.pipe(log);
  }
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilServing(`${baseUrl}/v3/openapi.json`, child);
  return {
    info: { baseUrl, env, logFile, pid: child.pid ?? 0 } satisfies TestServerInfo,
    async stop() {
      await Promise.all([stopProcess(child), worker && stopProcess(worker)]);
      await scratch?.drop();
      if (!options.dataDir) rmSync(workDir, { recursive: true, force: true });
    },
  };
}
