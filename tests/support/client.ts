import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { inject } from "vitest";
import type { OperationName } from "@/lib/admin/operations";
import { signRequest } from "@/lib/http/signing";
import { operarEn } from "./operador";
import { startTestServer, type TestServerInfo } from "./test-server";

const run = promisify(execFile);

export type Credentials = { AppId: string; AppKey: string; AppSecret: string };

let ownService: Awaited<ReturnType<typeof startTestServer>> | undefined;

/** The test service: the run's shared one, or the file's own once it has started one (startOwnServer). */
export function server(): TestServerInfo {
  return ownService?.info ?? inject("server");
}

/**
 * Starts a service for this test file alone (embedded, or on a scratch database of DATABASE_URL's
 * server, as the shared one), which server() answers from then on; returns its stop. For a file
 * that reads the service's log or mailbox as a whole while other files run (decision 0126).
 */
export async function startOwnServer(): Promise<() => Promise<void>> {
  const service = await startTestServer();
  ownService = service;
  return () => service.stop();
}

/** Runs the operator CLI against the test service's data, exactly as an operator would: for the CLI's own tests. */
export async function admin(...args: string[]): Promise<string> {
  const { stdout } = await run("node_modules/.bin/tsx", ["--conditions=react-server", "scripts/admin.ts", ...args], {
    env: { ...process.env, ...server().env },
  });
  return stdout;
}

/** An operator operation on the test service's data (fixtures: tests/support/operador.ts). */
export function operar<T = unknown>(operation: OperationName, input: Record<string, unknown> = {}): Promise<T> {
  return operarEn<T>(server(), operation, input);
}

export async function createApp(name = "App de prueba", options: { topics?: string[]; contact?: string } = {}): Promise<Credentials> {
  return operar<Credentials>("app.create", { name, ...options });
}

type RequestOptions = {
  body?: string;
  headers?: Record<string, string>;
  now?: Date;
};

/** A request signed as the app would sign it. */
export function signedFetch(app: Credentials, method: string, pathAndQuery: string, options: RequestOptions = {}) {
  const headers = signRequest({
    method,
    pathAndQuery,
    appKey: app.AppKey,
    appSecret: app.AppSecret,
    body: options.body,
    now: options.now,
    headers: options.headers,
  });
  return fetch(server().baseUrl + pathAndQuery, { method, headers, body: options.body });
}
