import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { inject } from "vitest";
import { signRequest } from "@/lib/http/signing";

const run = promisify(execFile);

export type Credentials = { AppId: string; AppKey: string; AppSecret: string };

export function server() {
  return inject("server");
}

/** Runs the operator CLI against the test service's data, exactly as an operator would. */
export async function admin(...args: string[]): Promise<string> {
  const { stdout } = await run("node_modules/.bin/tsx", ["--conditions=react-server", "scripts/admin.ts", ...args], {
    env: { ...process.env, ...server().env },
  });
  return stdout;
}

export async function createApp(name = "App de prueba", ...extra: string[]): Promise<Credentials> {
  return JSON.parse(await admin("app", "create", "--name", name, "--json", ...extra));
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
