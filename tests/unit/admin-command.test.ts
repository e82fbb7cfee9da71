import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * `npm run admin` beside a running embedded server sends the operation over the admin socket and
 * loads neither the operations nor the database: each command starts in a fraction of the time.
 * The server here is a stand-in socket (the lock names this test's process as the owner).
 */

const scratch = mkdtempSync(path.join(tmpdir(), "admin-command-"));
const dataDir = path.join(scratch, "data");
const socketPath = path.join(scratch, "admin.sock");
const loadedList = path.join(scratch, "loaded.txt");
const received: unknown[] = [];
let socketServer: Server;

/** A resolve hook that writes each module the CLI loads to `loadedList`. */
const recordLoads = `
import { appendFileSync } from "node:fs";
let file;
export function initialize(data) { file = data; }
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  appendFileSync(file, result.url + "\\n");
  return result;
}`;
const register = `import { register } from "node:module"; register(${JSON.stringify(
  `data:text/javascript,${encodeURIComponent(recordLoads)}`,
)}, { data: ${JSON.stringify(loadedList)} });`;

function admin(...args: string[]): Promise<string> {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [
        "--import",
        "tsx",
        "--import",
        `data:text/javascript,${encodeURIComponent(register)}`,
        "--conditions=react-server",
        "scripts/admin.ts",
        ...args,
      ],
      { env: { ...inherited, DATA_DIR: dataDir } },
      (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout)),
    );
  });
}

beforeAll(async () => {
  socketServer = createServer((socket) => {
    socket.setEncoding("utf8");
    socket.once("data", (line: string) => {
      received.push(JSON.parse(line));
      socket.end(`${JSON.stringify({ result: [{ AppKey: "a".repeat(32), Nombre: "Por el socket" }] })}\n`);
    });
  });
  await new Promise<void>((resolve) => socketServer.listen(socketPath, resolve));
  mkdirSync(dataDir);
  writeFileSync(path.join(dataDir, "vitrina.lock"), JSON.stringify({ pid: process.pid, adminSocket: socketPath }));
});

afterAll(async () => {
  await new Promise((resolve) => socketServer.close(resolve));
  rmSync(scratch, { recursive: true, force: true });
});

describe("npm run admin beside a running embedded server", { timeout: 30_000 }, () => {
  it("sends the operation over the socket and loads neither the operations nor the database", async () => {
    const listed = JSON.parse(await admin("app", "list", "--json"));
    expect(listed).toEqual([{ AppKey: "a".repeat(32), Nombre: "Por el socket" }]);
    expect(received).toEqual([{ operation: "app.list", input: {} }]);
    const loaded = readFileSync(loadedList, "utf8").split("\n");
    expect(loaded).toContain(pathToFileURL(path.resolve("lib/admin/execute.ts")).href);
    for (const heavy of ["lib/admin/operations.ts", "lib/db/index.ts", "lib/db/client.ts"]) {
      expect(loaded).not.toContain(pathToFileURL(path.resolve(heavy)).href);
    }
  });
});
