import { type ChildProcess, spawn } from "node:child_process";
import { openSync } from "node:fs";

/** Processes of the benchmark: each started in a process group of its own, stopped by that group's id. */

export type Started = { name: string; child: ChildProcess; log: string };
const started = new Set<Started>();

const steps: { message: string; began: number }[] = [];

export function step(message: string): void {
  steps.push({ message, began: Date.now() });
  console.log(`\n▶ ${message}`);
}

/** Each step's seconds so far, from its start to the next one's (the last one's to now). */
export function stepSeconds(): [string, number][] {
  return steps.map(({ message, began }, index) => [message, ((steps[index + 1]?.began ?? Date.now()) - began) / 1000]);
}

export function note(message: string): void {
  console.log(`  ${message}`);
}

/** Starts a long-running command with its output in a log file. */
export function start(name: string, command: string, args: string[], env: NodeJS.ProcessEnv, log: string): Started {
  const fd = openSync(log, "a");
  const child = spawn(command, args, { env, stdio: ["ignore", fd, fd], detached: true });
  const handle = { name, child, log };
  started.add(handle);
  child.on("exit", () => started.delete(handle));
  return handle;
}

/** SIGTERM to the process group (npm → tsx → node), SIGKILL after a grace period. */
export async function stop(handle: Started, graceMs = 8000): Promise<void> {
  const { child } = handle;
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {}
  const timer = setTimeout(() => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
    } catch {}
  }, graceMs);
  await exited;
  clearTimeout(timer);
  // The group may outlive its leader (tsx's node child): make sure it is gone.
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {}
}

export async function stopAll(): Promise<void> {
  await Promise.all([...started].map((handle) => stop(handle)));
}

/** Runs a command to completion; its stdout is returned, its stderr shown. */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv, options: { heartbeat?: string } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      out += chunk;
    });
    const began = Date.now();
    const timer = options.heartbeat
      ? setInterval(() => note(`${options.heartbeat}… ${Math.round((Date.now() - began) / 1000)} s`), 15_000)
      : undefined;
    child.on("error", reject);
    child.on("exit", (code) => {
      if (timer) clearInterval(timer);
      if (code === 0) resolve(out);
      else reject(new Error(`${command} ${args.join(" ")} terminó con ${code}:\n${out}`));
    });
  });
}

export async function waitFor(url: string, timeoutMs: number, handle?: Started): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (handle && handle.child.exitCode !== null) throw new Error(`${handle.name} terminó antes de estar listo (mirá ${handle.log})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    if (Date.now() > deadline) throw new Error(`${url} no respondió en ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
