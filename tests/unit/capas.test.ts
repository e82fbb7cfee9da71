import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { cruise, type IViolation } from "dependency-cruiser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The layer rules of .dependency-cruiser.cjs (decisions 0030) catch what they are meant to: a tree of
 * one-line modules, each import an arrow of the stack, is cruised with the project's rules. Every
 * upward arrow and the circle are reported by the rule named; the downward arrows are not.
 */
const { forbidden } = createRequire(import.meta.url)("../../.dependency-cruiser.cjs");

/** [importer, imported, the rules that must refuse it (none: allowed)] */
const ARROWS: [string, string, string[]][] = [
  // Downward: allowed.
  ["app/v3/ok/route.ts", "lib/http/ok.ts", []],
  ["lib/http/ok.ts", "lib/service/ok.ts", []],
  ["lib/service/ok.ts", "lib/api/ok.ts", []],
  ["lib/api/ok.ts", "lib/db/ok.ts", []],
  ["lib/db/ok.ts", "lib/log.ts", []],
  ["instrumentation.ts", "lib/boot/ok.ts", []],
  ["lib/boot/ok.ts", "lib/admin/ok.ts", []],
  ["lib/admin/ok.ts", "lib/panel/ok.ts", []],
  ["components/ok.tsx", "lib/panel/ok2.ts", []],
  ["lib/panel/ok2.ts", "lib/api/ok2.ts", []],
  ["lib/panel/ok3.ts", "lib/db/schema-panel.ts", []],
  ["lib/panel/ok4.ts", "lib/raw-target.ts", []],
  ["lib/service/consultas/ingest-ok.ts", "lib/service/consultas/write/ok.ts", []],
  ["lib/service/consultas/write/ok.ts", "lib/service/consultas/write/ok2.ts", []],
  ["lib/service/consultas/write/ok2.ts", "lib/db/ok.ts", []],
  // Upward: refused.
  ["lib/time.ts", "lib/db/up.ts", ["base-abajo"]],
  ["lib/db/up2.ts", "lib/api/up.ts", ["db-abajo"]],
  ["lib/api/up2.ts", "lib/service/up.ts", ["api-abajo"]],
  ["lib/api/up3.ts", "lib/http/up.ts", ["api-abajo"]],
  ["lib/api/up4.ts", "lib/env.ts", ["api-sin-config"]],
  ["lib/service/up2.ts", "lib/http/up2.ts", ["servicio-abajo"]],
  ["lib/service/up3.ts", "lib/admin/up.ts", ["arranque-arriba", "servicio-abajo"]],
  ["lib/http/up3.ts", "lib/panel/up.ts", ["kernel-abajo", "servicio-sin-panel"]],
  ["lib/panel/up2.ts", "components/up.tsx", ["panel-abajo"]],
  ["lib/panel/up3.ts", "lib/service/up4.ts", ["panel-sin-servicio", "panel-solo-api"]],
  ["lib/panel/up4.ts", "lib/http/signing.ts", ["panel-solo-api"]],
  ["lib/panel/up5.ts", "lib/db/schema-consultas.ts", ["panel-sin-servicio", "panel-solo-api"]],
  ["components/up2.tsx", "app/(panel)/up/acciones.ts", ["components-abajo"]],
  ["app/v3/up/route.ts", "lib/boot/web.ts", ["arranque-arriba"]],
  // The enquiries' write side knows nothing of their reads (decision 0080).
  ["lib/service/consultas/write/up.ts", "lib/service/consultas/sql/shape.ts", ["consultas-escritura-sin-lectura"]],
  ["lib/service/consultas/write/up2.ts", "lib/service/consultas/facts.ts", ["consultas-escritura-sin-lectura"]],
  // A circle.
  ["lib/db/schema-x.ts", "lib/db/schema.ts", ["sin-ciclos"]],
  ["lib/db/schema.ts", "lib/db/schema-x.ts", ["sin-ciclos"]],
];

/** A circle is reported once, from whichever of its modules the cruise met first. */
const arrow = (rule: string, from: string, to: string) =>
  rule === "sin-ciclos" ? `${rule}: ${[from, to].sort().join(" ↔ ")}` : `${rule}: ${from} → ${to}`;

let dir: string;
let violations: string[];

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "capas-"));
  const imports = new Map<string, string[]>();
  for (const [from, to] of ARROWS) {
    imports.set(from, [...(imports.get(from) ?? []), to]);
    if (!imports.has(to)) imports.set(to, []);
  }
  for (const [file, targets] of imports) {
    const lines = targets.map(
      (target) =>
        `import "${path
          .relative(path.dirname(file), target)
          .replace(/\.tsx?$/, "")
          .replace(/^(?!\.)/, "./")}";`,
    );
    mkdirSync(path.join(dir, path.dirname(file)), { recursive: true });
    writeFileSync(path.join(dir, file), `${lines.join("\n")}\nexport {};\n`);
  }
  const result = await cruise(["app", "components", "lib", "instrumentation.ts"], {
    baseDir: dir,
    validate: true,
    ruleSet: { forbidden },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: [".ts", ".tsx"] },
  });
  const output = result.output as { summary: { violations: IViolation[] } };
  violations = output.summary.violations.map(({ rule, from, to }) => arrow(rule.name, from, to));
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the layer rules", () => {
  it("refuse every upward arrow and the circle, by the rule named, and nothing else", () => {
    const expected = ARROWS.flatMap(([from, to, rules]) => rules.map((rule) => arrow(rule, from, to)));
    expect([...violations].sort()).toEqual([...new Set(expected)].sort());
  });
});
