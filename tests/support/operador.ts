import { spawn } from "node:child_process";
import type { Socket } from "node:net";
import { createInterface } from "node:readline";
import type { Readable, Writable } from "node:stream";
// Relative: Playwright's specs use these fixtures too.
import type { OperationName } from "../../lib/admin/operations";
import { viaSocket } from "../../lib/admin/socket-client";
import { readLockOwner } from "../../lib/db/lock";

/**
 * Fixtures made by the operator's operations (lib/admin/operations.ts), the code the CLI runs,
 * without starting the CLI for each one (about 1 s of CPU each): an embedded service runs them
 * itself, sent over its admin socket as the CLI sends them; a service on PostgreSQL has no socket,
 * and one process per test file and database runs them (tests/support/operador-proceso.ts). The
 * tests of the CLI itself start the CLI (tests/support/panel.ts, adminCli).
 */

export type ServerEnv = { baseUrl: string; env: Record<string, string> };

/** What `seed demo` answers (the fields the tests read). */
export type Demo = { AppKey: string; Agencias: [string, ...string[]] };

type Operador = { send: (operation: string, input: unknown) => Promise<unknown> };

const operadores = new Map<string, Operador>();

function startOperador(env: Record<string, string>): Operador {
  const { DATABASE_URL: _inherited, ...inherited } = process.env;
  // The answers on file descriptor 3; its log, as the CLI's beside its JSON, is not the tests' business.
  const child = spawn(process.execPath, ["--import", "tsx", "--conditions=react-server", "tests/support/operador-proceso.ts"], {
    env: { ...inherited, ...env },
    stdio: ["pipe", "ignore", "inherit", "pipe"],
  });
  const [requests, answers] = [child.stdin as Writable, child.stdio[3] as Readable];
  // Not what keeps a test file's process alive: it ends with that process, whose exit closes its stdin.
  for (const handle of [child, requests, answers] as unknown as Socket[]) handle.unref();
  const waiting: { resolve: (result: unknown) => void; reject: (error: Error) => void }[] = [];
  createInterface({ input: answers }).on("line", (line) => {
    const answer = JSON.parse(line) as { result?: unknown; error?: string };
    const next = waiting.shift();
    if (answer.error === undefined) next?.resolve(answer.result);
    else next?.reject(new Error(answer.error));
  });
  child.on("exit", (code) => {
    for (const next of waiting.splice(0)) next.reject(new Error(`El proceso de operaciones terminó (código ${code})`));
  });
  return {
    send: (operation, input) =>
      new Promise((resolve, reject) => {
        waiting.push({ resolve, reject });
        requests.write(`${JSON.stringify({ operation, input })}\n`);
      }),
  };
}

/** Runs `operation` on the service's data and answers what `npm run admin -- … --json` prints. */
export async function operarEn<T = unknown>(
  server: Pick<ServerEnv, "env">,
  operation: OperationName,
  input: Record<string, unknown> = {},
): Promise<T> {
  const databaseUrl = server.env.DATABASE_URL;
  if (!databaseUrl) {
    const dataDir = server.env.DATA_DIR as string;
    const owner = readLockOwner(dataDir);
    if (!owner) throw new Error(`Ningún servidor en marcha tiene ${dataDir}`);
    return (await viaSocket(owner.adminSocket, operation, input)) as T;
  }
  const operador = operadores.get(databaseUrl) ?? startOperador(server.env);
  operadores.set(databaseUrl, operador);
  return (await operador.send(operation, input)) as T;
}
