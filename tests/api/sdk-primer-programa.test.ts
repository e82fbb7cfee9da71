import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { createApp, server } from "../support/client";
import { registered } from "../support/consultas";
import { paquete } from "../support/publicaciones";

/**
 * Issue 19, Show: the partner's first program of sdk/README.md runs as written. The test takes the
 * block from the README itself, so the README cannot drift from what runs; the one change is the
 * address, `http://localhost:3000` there, this test server's here.
 */

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");
const work = mkdtempSync(path.join(tmpdir(), "vitrina-primer-programa-"));

afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The first TypeScript block under a heading of sdk/README.md. */
function example(heading: string): string {
  const readme = readFileSync(path.join(root, "sdk/README.md"), "utf8");
  const section = readme.slice(readme.indexOf(heading));
  const block = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block) throw new Error(`sdk/README.md has no example under ${heading}`);
  return block;
}

const tsx = path.join(root, "node_modules/tsx/dist/cli.mjs");

/**
 * Runs a program as `npx tsx programa.ts` at the repository's root would: an ES module (top-level
 * await), @vitrina/sdk resolved by the root's tsconfig.
 */
async function runProgram(name: string, program: string, env: Record<string, string> = {}) {
  writeFileSync(path.join(work, name), program);
  writeFileSync(path.join(work, "package.json"), JSON.stringify({ type: "module" }));
  const { stdout } = await run(process.execPath, [tsx, "--tsconfig", path.join(root, "tsconfig.json"), name], {
    cwd: work,
    env: { ...process.env, ...env },
  });
  return stdout;
}

describe("sdk/README.md", () => {
  it("the partner's first program, ten lines or fewer, runs as written against the service", async () => {
    const program = example("## A partner's first program");
    expect(program.trim().split("\n").length).toBeLessThanOrEqual(10);
    expect(program).toContain('"http://localhost:3000"');
    const app = await createApp("Mi CRM");
    writeFileSync(path.join(work, "app.json"), JSON.stringify(app));
    const stdout = await runProgram("primer-programa.ts", program.replace('"http://localhost:3000"', JSON.stringify(server().baseUrl)));
    expect(stdout).toMatch(/^\d+ Ferrari$/m);
    expect(stdout).toMatch(/^0 agencias registradas$/m);
  }, 60_000);

  it("publishing a car runs as written: the listing printed as the comment says, then found by the sync", async () => {
    const program = example("## Publish the dealer's stock and keep it in sync");
    const said = /console\.log\(publicacion\.Estado[^;]*; \/\/ (.+)$/m.exec(program)?.[1];
    expect(said).toBeDefined();
    const app = await createApp("Publica con el SDK");
    const mail = await registered([[app, false]]);
    await paquete(mail, { publicaciones: 5, alta: 1, baja: 4 });
    const stdout = await runProgram("publicar.ts", program.replaceAll('"ventas@autosdelplata.com.ar"', JSON.stringify(mail)), {
      VITRINA_URL: server().baseUrl,
      VITRINA_APP_KEY: app.AppKey,
      VITRINA_APP_SECRET: app.AppSecret,
    });
    expect(stdout.split("\n").filter(Boolean)).toEqual([said, "AUT-00081 Activa null 0"]);
  }, 60_000);
});
