import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import GithubSlugger from "github-slugger";
import type { Nodes } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { toString as textOf } from "mdast-util-to-string";
import { globSync } from "tinyglobby";

/**
 * npm run lint:references (part of npm run lint): what the repository's text refers to is in the
 * repository. It reads the source, tests, messages and documents (not node_modules, builds, data,
 * sdk/dist) and reports, with its file and line, each reference that does not resolve:
 *
 * - a document and its section, `docs/<file>.md#<anchor>` (or any `<file>.md#<anchor>`): the file
 *   exists, relative to the repository or to the citing file, and has a heading whose GitHub slug
 *   is the anchor (github-slugger, as GitHub renders it: lower case, punctuation dropped, spaces as
 *   hyphens, a repeated heading numbered -1, -2…);
 * - a decision record, `docs/decisions/00NN…` or "decisions 00NN" / "decision 00NN" / "ADR 00NN"
 *   (lists such as "decisions 0048, 0049" too): a record with that number exists, and a file name
 *   given in full exists;
 * - a relative link of a Markdown file, `[text](target)` or a reference definition: the target
 *   exists, and its anchor (a link within the page included) is one of the target's headings;
 * - a citation by section sign and number, as in "decisions" followed by the sign and 9: the
 *   sections it named were in a document outside the repository. Always an error: cite
 *   docs/contract.md#<section> or a decision record instead. An RFC's section ("RFC 9110" then the
 *   sign and 13.1.2) is a public reference and stays.
 *
 * Usage: `tsx scripts/lint-references.ts [root]` (the repository by default). Exit code 1 and one
 * line per dangling reference, or 0 and nothing.
 */

export type Dangling = { file: string; line: number; reference: string; reason: string };

const TEXT_FILES = "**/*.{ts,tsx,mts,cts,js,mjs,cjs,md,json}";
const NOT_SOURCE = [
  "**/node_modules/**",
  ".git/**",
  ".next*/**",
  "data/**",
  "sdk/dist/**",
  "test-results/**",
  "playwright-report/**",
  "tests/e2e/screenshots/**",
  "lib/service/catalogo/data/**",
  "lib/db/migrations/meta/**",
  "package-lock.json",
];

const SECTION_SIGN = /\u00a7\s*\d+(?:\.\d+)*/g;
const RFC_BEFORE = /RFC\s*\d+\s*$/;
/** The word a citation follows ("decisions"), to show it. */
const WORD_BEFORE = /[\w-]+\s+$/;
/** A path ending in .md, with its anchor if any; not part of a longer name or path. */
const MARKDOWN_PATH = /(?<![\w./-])((?:\.{1,2}\/)*(?:[\w-]+\/)*[\w.-]+\.md)(?:#([\w-]+))?(?![\w/-])/g;
/** A record by its number; one named in full (`…/0022-agencias-compartidas.md`) is a MARKDOWN_PATH. */
const RECORD_PATH = /(?<![\w./-])docs\/decisions\/(\d{4})(?![\w.-]*\.md)/g;
const RECORD_NAME = /\b(?:[Dd]ecisions?|ADR)\s+(\d{4}(?:(?:\s*,\s*|\s+(?:and|or|y)\s+)\d{4})*)\b/g;
const URL_SCHEME = /^[a-z][a-z0-9+.-]*:|^\/\//i;

/** Reads what the lint needs of a repository, once per file. */
class Repository {
  private readonly slugs = new Map<string, Set<string>>();
  readonly records: Set<string>;

  constructor(readonly root: string) {
    const decisions = path.join(root, "docs/decisions");
    const names = existsSync(decisions) ? readdirSync(decisions) : [];
    this.records = new Set(names.filter((name) => /^\d{4}-.*\.md$/.test(name)).map((name) => name.slice(0, 4)));
  }

  /** The anchors GitHub gives the headings of a Markdown file. */
  anchorsOf(file: string): Set<string> {
    let anchors = this.slugs.get(file);
    if (!anchors) {
      const slugger = new GithubSlugger();
      anchors = new Set(headings(fromMarkdown(readFileSync(file, "utf8"))).map((heading) => slugger.slug(heading)));
      this.slugs.set(file, anchors);
    }
    return anchors;
  }
}

function headings(tree: Nodes): string[] {
  if (tree.type === "heading") return [textOf(tree)];
  return "children" in tree ? tree.children.flatMap((child) => headings(child)) : [];
}

function links(tree: Nodes): { url: string; line: number }[] {
  const own =
    (tree.type === "link" || tree.type === "definition") && tree.position ? [{ url: tree.url, line: tree.position.start.line }] : [];
  return "children" in tree ? [...own, ...tree.children.flatMap((child) => links(child))] : own;
}

/** Why a file (and a heading of it) is not there, or undefined when it is. */
function unresolved(repository: Repository, target: string, anchor: string | undefined): string | undefined {
  if (!existsSync(target)) return "no such file or directory";
  if (anchor === undefined || !target.endsWith(".md") || statSync(target).isDirectory()) return undefined;
  return repository.anchorsOf(target).has(anchor) ? undefined : `${path.relative(repository.root, target)} has no heading #${anchor}`;
}

function checkLine(repository: Repository, file: string, text: string): Omit<Dangling, "file" | "line">[] {
  const found: Omit<Dangling, "file" | "line">[] = [];
  for (const match of text.matchAll(SECTION_SIGN)) {
    const before = text.slice(0, match.index);
    if (RFC_BEFORE.test(before)) continue;
    found.push({
      reference: `${WORD_BEFORE.exec(before)?.[0] ?? ""}${match[0]}`,
      reason: "a section citation: cite docs/contract.md#<section> or a decision record instead",
    });
  }
  for (const [reference, name = "", anchor] of text.matchAll(MARKDOWN_PATH)) {
    if (!name.startsWith("docs/") && anchor === undefined) continue;
    // From the repository's root, as code and records cite documents, or from the citing file.
    const candidates = [path.join(repository.root, name), path.join(path.dirname(file), name)];
    if (candidates.some((candidate) => unresolved(repository, candidate, anchor) === undefined)) continue;
    const existing = candidates.find((candidate) => existsSync(candidate));
    found.push({ reference, reason: existing ? (unresolved(repository, existing, anchor) as string) : "no such file" });
  }
  for (const [reference, number = ""] of text.matchAll(RECORD_PATH)) {
    if (!repository.records.has(number)) found.push({ reference, reason: `no decision record ${number} in docs/decisions` });
  }
  for (const [reference, list = ""] of text.matchAll(RECORD_NAME)) {
    for (const number of list.match(/\d{4}/g) ?? []) {
      if (!repository.records.has(number)) found.push({ reference, reason: `no decision record ${number} in docs/decisions` });
    }
  }
  return found;
}

function checkMarkdownLinks(repository: Repository, file: string, source: string): Dangling[] {
  const found: Dangling[] = [];
  for (const { url, line } of links(fromMarkdown(source))) {
    if (URL_SCHEME.test(url)) continue;
    const [target = "", anchor] = url.split("#", 2);
    const resolved = target === "" ? file : path.join(target.startsWith("/") ? repository.root : path.dirname(file), decodeURI(target));
    const reason = unresolved(repository, resolved, anchor || undefined);
    if (reason) found.push({ file, line, reference: url, reason });
  }
  return found;
}

/** Every reference of the repository at `root` that does not resolve, in file and line order. */
export function danglingReferences(root: string): Dangling[] {
  const repository = new Repository(path.resolve(root));
  const files = globSync(TEXT_FILES, { cwd: repository.root, ignore: NOT_SOURCE, dot: true, absolute: true }).sort();
  const found: Dangling[] = [];
  for (const file of files) {
    const source = readFileSync(file, "utf8");
    const seen = new Set<string>();
    const add = (dangling: Dangling) => {
      const key = `${dangling.line}\n${dangling.reference}`;
      if (!seen.has(key)) found.push(dangling);
      seen.add(key);
    };
    source.split("\n").forEach((text, index) => {
      for (const dangling of checkLine(repository, file, text)) add({ file, line: index + 1, ...dangling });
    });
    if (file.endsWith(".md")) for (const dangling of checkMarkdownLinks(repository, file, source)) add(dangling);
  }
  found.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
  return found.map((dangling) => ({ ...dangling, file: path.relative(repository.root, dangling.file) }));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const dangling = danglingReferences(process.argv[2] ?? process.cwd());
  for (const { file, line, reference, reason } of dangling) console.error(`${file}:${line}: ${reference} — ${reason}`);
  if (dangling.length > 0) {
    console.error(`\n${dangling.length} references do not resolve inside the repository.`);
    process.exitCode = 1;
  }
}
