import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { copiarPlantillaPglite } from "./pglite-plantilla";

/** `pid`: the server process (one node process: signals reach the server itself). */
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
/**
 * Waits up to 10 s for the connections to `name` to close. A pool's end() resolves before its
 * connections have closed; one the drop then terminated sent its client a FATAL that no listener
 * took, an uncaught error that failed the PostgreSQL pass (planes.test.ts).
 */
async function untilClosed(client: pg.Client, name: string): Promise<void> {
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
    const { rows } = await client.query<{ open: number }>("select count(*)::int as open from pg_stat_activity where datname = $1", [name]);
    if (rows[0]?.open === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

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
      try {
        await untilClosed(client, name);
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** Up to 3 minutes: a first start builds nothing, but a loaded 2-core machine took over a minute to boot. */
async function waitUntilServing(url: string, child: ChildProcess): Promise<void> {
  for (const deadline = Date.now() + 180_000; Date.now() < deadline; ) {
    if (child.exitCode !== null) throw new Error(`El servidor terminó al arrancar (código ${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`El servidor no respondió en ${url}`);
}

type ServerOptions = {
  embedded?: boolean;
  /** A PostgreSQL server for a scratch database of its own (default: DATABASE_URL's, unless embedded). */
  postgresUrl?: string;
  dataDir?: string;
  env?: Record<string, string>;
};

/** `npm start` as one node process (tsx as a loader, not as a wrapper), so a SIGKILL reaches the server. */
export function spawnNext(port: number, env: Record<string, string>): ChildProcess {
  // Listening where npm start does by default (loopback), unless the test says HOST.
  const { DATABASE_URL: _ignored, HOST: _host, ...inherited } = process.env;
  return spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    env: { ...inherited, ...env, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

/**
 * The environment of a test service's processes: a web process on `port` (its public base URL unless
 * `extra` says another), on PostgreSQL when `databaseUrl` is given.
 */
export function serviceEnv(
  port: number,
  dataDir: string,
  databaseUrl?: string,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    PORT: String(port),
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
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
    ...(databaseUrl && {
      DATABASE_URL: databaseUrl,
      SECRETS_KEY: randomBytes(32).toString("hex"),
      AUTH_SECRET: randomBytes(32).toString("base64url"),
    }),
    ...extra,
  };
}

/** `npm run worker`: on PostgreSQL the workers are processes of their own, as in production. */
export function spawnWorker(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", "--conditions=react-server", "scripts/worker.ts"], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

export async function endProcess(child: ChildProcess | undefined, signal: "SIGTERM" | "SIGKILL"): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill(signal);
  await exited;
}

export async function startTestServer(options: ServerOptions = {}) {
  const workDir = mkdtempSync(path.join(tmpdir(), "vitrina-test-"));
  const port = await freePort();
  const postgresUrl = options.embedded ? undefined : (options.postgresUrl ?? process.env.DATABASE_URL);
  const scratch = postgresUrl ? await createScratchDatabase(postgresUrl) : undefined;
  const env = serviceEnv(port, options.dataDir ?? path.join(workDir, "data"), scratch?.url, options.env);
  // A data directory of the test's own is where the service creates and migrates everything itself.
  if (!postgresUrl && !options.dataDir) copiarPlantillaPglite(env.DATA_DIR as string);
  const logFile = path.join(workDir, "server.log");
  const log = createWriteStream(logFile);
  const baseUrl = `http://127.0.0.1:${port}`;
  const launch = async () => {
    const started = { server: spawnNext(port, env), worker: scratch ? spawnWorker(env) : undefined };
    for (const output of [started.server.stdout, started.server.stderr, started.worker?.stdout, started.worker?.stderr]) {
      output?.pipe(log, { end: false });
    }
    try {
      await waitUntilServing(`${baseUrl}/v3/openapi.json`, started.server);
    } catch (error) {
      // A server that never answered is not left running after the test that gave up on it.
      await Promise.all([endProcess(started.server, "SIGKILL"), endProcess(started.worker, "SIGKILL")]);
      throw error;
    }
    return started;
  };
  let running = await launch();
  const info: TestServerInfo = { baseUrl, env, logFile, pid: running.server.pid ?? 0 };
  return {
    info,
    /** SIGKILL to the server (and the worker), as a crash would do; `restart` starts them again on the same data. */
    async crash() {
      await Promise.all([endProcess(running.server, "SIGKILL"), endProcess(running.worker, "SIGKILL")]);
    },
    async restart() {
      running = await launch();
      info.pid = running.server.pid ?? 0;
    },
    async stop() {
      await Promise.all([endProcess(running.server, "SIGTERM"), endProcess(running.worker, "SIGTERM")]);
      log.end();
      await scratch?.drop();
      // The log's directory is ours even when the data directory is the caller's (which it removes).
      rmSync(workDir, { recursive: true, force: true });
    },
  };
}
