import type { ChildProcess } from "node:child_process";
import { createWriteStream, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createScratchDatabase, endProcess, freePort, serviceEnv, spawnNext, spawnWorker } from "./test-server";

/**
 * The production shape on PostgreSQL (issue 22): web processes and `npm run worker` processes of one
 * deployment, on one scratch database, each started and stopped on its own. Every process is ready
 * when its /readyz says so (a worker's on its WORKER_PORT).
 */

export type Exit = { code: number | null; signal: NodeJS.Signals | null; ms: number };

export type ClusterProcess = {
  kind: "web" | "worker";
  /** Where its HTTP server answers: the web process's PORT, the worker's WORKER_PORT. */
  baseUrl: string;
  child: ChildProcess;
  /** SIGTERM, and how (and how fast) it ended. */
  terminate(): Promise<Exit>;
};

/** Until `base`/readyz answers 200 (up to 3 minutes); an error if `child` exits first. */
export async function waitUntilReady(base: string, child: ChildProcess): Promise<void> {
  for (const deadline = Date.now() + 180_000; Date.now() < deadline; ) {
    if (child.exitCode !== null) throw new Error(`El proceso terminó al arrancar (código ${child.exitCode})`);
    const answer = await fetch(`${base}/readyz`).catch(() => undefined);
    if (answer?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${base}/readyz no respondió 200`);
}

export async function startCluster(postgresUrl: string, extra: Record<string, string> = {}) {
  const workDir = mkdtempSync(path.join(tmpdir(), "vitrina-cluster-"));
  const scratch = await createScratchDatabase(postgresUrl);
  const logFile = path.join(workDir, "cluster.log");
  const log = createWriteStream(logFile);
  // One deployment: the same secrets and database for every process.
  // PORT is each web process's own (spawnNext); the others read no port from it.
  const env = serviceEnv(await freePort(), path.join(workDir, "data"), scratch.url, extra);
  const running = new Set<ChildProcess>();

  const start = async (kind: ClusterProcess["kind"]): Promise<ClusterProcess> => {
    const port = await freePort();
    const child = kind === "web" ? spawnNext(port, env) : spawnWorker({ ...env, WORKER_PORT: String(port) });
    for (const output of [child.stdout, child.stderr]) output?.pipe(log, { end: false });
    running.add(child);
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    const baseUrl = `http://127.0.0.1:${port}`;
    try {
      await waitUntilReady(baseUrl, child);
    } catch (error) {
      await endProcess(child, "SIGKILL");
      throw error;
    }
    return {
      kind,
      baseUrl,
      child,
      async terminate() {
        const started = Date.now();
        child.kill("SIGTERM");
        await exited;
        running.delete(child);
        return { code: child.exitCode, signal: child.signalCode, ms: Date.now() - started };
      },
    };
  };

  return {
    env,
    logFile,
    databaseUrl: scratch.url,
    startWeb: () => start("web"),
    startWorker: () => start("worker"),
    async stop() {
      await Promise.all([...running].map((child) => endProcess(child, "SIGKILL")));
      log.end();
      await scratch.drop();
      rmSync(workDir, { recursive: true, force: true });
    },
  };
}
