import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { createApp, server } from "../support/client";

/**
 * Issue 19, Show: the partner's first program of sdk/README.md runs as written. The test takes the
 * block from the README itself, so the README cannot drift from what runs; the one change is the
 * address, `http://localhost:3000` there, this test server's here.
 */

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");
const work = mkdtempSync(path.join(tmpdir(), "vitrina-primer-programa-"));

afterAll(() => rmSync(work, { recursive: true, force: true }));

function firstProgram(): string {
  const readme = readFileSync(path.join(root, "sdk/README.md"), "utf8");
  const section = readme.slice(readme.indexOf("## A partner's first program"));
  const block = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block) throw new Error("sdk/README.md has no first program");
  return block;
}

describe("sdk/README.md", () => {
  it("the partner's first program, ten lines or fewer, runs as written against the service", async () => {
    const program = firstProgram();
    expect(program.trim().split("\n").length).toBeLessThanOrEqual(10);
    expect(program).toContain('"http://localhost:3000"');
    const app = await createApp("Mi CRM");
    writeFileSync(path.join(work, "app.json"), JSON.stringify(app));
    writeFileSync(path.join(work, "primer-programa.ts"), program.replace('"http://localhost:3000"', JSON.stringify(server().baseUrl)));
    // As `npx tsx primer-programa.ts` at the repository's root: an ES module (top-level await),
    // @vitrina/sdk resolved by the root's tsconfig.
    writeFileSync(path.join(work, "package.json"), JSON.stringify({ type: "module" }));
    const tsx = path.join(root, "node_modules/tsx/dist/cli.mjs");
    const { stdout } = await run(process.execPath, [tsx, "--tsconfig", path.join(root, "tsconfig.json"), "primer-programa.ts"], {
      cwd: work,
    });
    expect(stdout).toMatch(/^\d+ Ferrari$/m);
    expect(stdout).toMatch(/^0 agencias registradas$/m);
  }, 60_000);
});
