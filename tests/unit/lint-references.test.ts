import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * `npm run lint:references` on two repositories of fixtures: one whose every reference resolves
 * (exit 0, nothing printed) and one with a dangling reference of each kind, each reported with its
 * file and line (exit 1). The fixtures' texts are assembled from pieces (SECTION, MISSING…) so that
 * this file holds no dangling reference itself: the lint reads it too.
 */

const SECTION = "\u00a7";
const MISSING = "0099";
const md = (name: string) => `${name}.md`;

type Run = { code: number; stderr: string };

function lint(root: string): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, ["--import", "tsx", "scripts/lint-references.ts", root], (error, _stdout, stderr) =>
      resolve({ code: error ? Number(error.code) : 0, stderr }),
    );
  });
}

const scratch = mkdtempSync(path.join(tmpdir(), "lint-references-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A repository of the given files (path → lines), with the documents both fixtures cite. */
function repository(name: string, files: Record<string, string[]>): string {
  const root = path.join(scratch, name);
  const all: Record<string, string[]> = {
    [md("docs/contract")]: ["# Contract", "", "## Webhooks", "", "### Delivery", "", "## Dashboard roles", "", "### Delivery", ""],
    [md("docs/decisions/0001-first")]: ["# 0001 · First", "", "## Context", ""],
    [md("docs/decisions/0002-second")]: ["# 0002 · Second", ""],
    ...files,
  };
  for (const [file, lines] of Object.entries(all)) {
    mkdirSync(path.join(root, path.dirname(file)), { recursive: true });
    writeFileSync(path.join(root, file), `${lines.join("\n")}\n`);
  }
  return root;
}

describe("npm run lint:references", { timeout: 30_000 }, () => {
  it("passes when every reference resolves", async () => {
    const root = repository("good", {
      "lib/good.ts": [
        `/** The ladder (${md("docs/contract")}#webhooks), the second delivery (${md("docs/contract")}#delivery-1). */`,
        `// docs/decisions/0001-${md("first")}, docs/decisions/0002, decisions 0001, 0002 and decision 0002; ADR 0001.`,
        `// If-None-Match uses the weak comparison (RFC 9110 ${SECTION}13.1.2).`,
        `const section = "${md("docs/contract")}#dashboard-roles";`,
      ],
      "messages/es/panel.json": [`{ "ayuda": "Ver ${md("docs/contract")}#webhooks" }`],
      [md("README")]: [
        `See [the contract](${md("docs/contract")}#dashboard-roles), [the records](docs/decisions/) and [a site](https://example.com).`,
      ],
      [md("docs/decisions/0003-third")]: [
        "# 0003 · Third",
        "",
        `Changed by [0001](0001-${md("first")}#context); the [roles](../${md("contract")}#dashboard-roles); [below](#why).`,
        "",
        "## Why",
      ],
      "node_modules/dep/index.ts": [`// decisions ${SECTION}9 is a dependency's business.`],
    });
    expect(await lint(root)).toEqual({ code: 0, stderr: "" });
  });

  it("fails on a dangling reference of each kind, naming its file and line", async () => {
    const root = repository("bad", {
      "lib/section.ts": ["/**", ` * The retry ladder of decisions ${SECTION}9, and of ${SECTION} 12.`, " */"],
      "lib/anchor.ts": [`// ${md("docs/contract")}#retries`, `// ${md("docs/missing")}`, `// ${md("README")}#${"nowhere"}`],
      "lib/record.ts": [
        "",
        `// docs/decisions/${MISSING}-${md("none")}`,
        `// decisions ${MISSING}`,
        `// decisions 0001, 0002 and ${MISSING}`,
        `// docs/decisions/0001-${md("renamed")}`,
      ],
      "messages/es/panel.json": [`{ "ayuda": "decision ${MISSING}" }`],
      [md("docs/guide")]: [
        "# Guide",
        "",
        `[a file](${md("nowhere")}), [a heading](${md("contract")}#nope), [on this page](#not-here), [a record](decisions/${MISSING}/)`,
      ],
    });
    const { code, stderr } = await lint(root);
    expect(code).toBe(1);
    const reported = stderr
      .trim()
      .split("\n")
      .filter((line) => /^\S+:\d+: /.test(line))
      .map((line) => line.split(" — ")[0]);
    expect(reported).toEqual([
      `${md("docs/guide")}:3: ${md("contract")}#nope`,
      `${md("docs/guide")}:3: ${md("nowhere")}`,
      `${md("docs/guide")}:3: #not-here`,
      `${md("docs/guide")}:3: decisions/${MISSING}/`,
      `lib/anchor.ts:1: ${md("docs/contract")}#retries`,
      `lib/anchor.ts:2: ${md("docs/missing")}`,
      `lib/anchor.ts:3: ${md("README")}#nowhere`,
      `lib/record.ts:2: docs/decisions/${MISSING}-${md("none")}`,
      `lib/record.ts:3: decisions ${MISSING}`,
      `lib/record.ts:4: decisions 0001, 0002 and ${MISSING}`,
      `lib/record.ts:5: docs/decisions/0001-${md("renamed")}`,
      `lib/section.ts:2: decisions ${SECTION}9`,
      `lib/section.ts:2: of ${SECTION} 12`,
      `messages/es/panel.json:1: decision ${MISSING}`,
    ]);
    expect(stderr).toMatch(/14 references do not resolve inside the repository\.\n$/);
  });
});
