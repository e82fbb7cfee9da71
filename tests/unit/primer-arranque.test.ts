import { describe, expect, it } from "vitest";
import { createLogger, logStyle, textLine } from "@/lib/log";
import { BUILD_PHASES, buildWithProgress, phaseOf } from "../../scripts/build-progress";

/**
 * Issue 34, part 5 (decisions 0095): the first `npm start` shows where its build is, and the
 * embedded default on a terminal keeps the log to short lines of warnings and errors.
 */

/** Next 16's lines as its build prints them without a terminal, in order. */
const NEXT_LINES = [
  "   ▲ Next.js 16.4.6",
  "   Creating an optimized production build ...",
  " ✓ Compiled successfully in 61s",
  "   Running TypeScript ...",
  "   Collecting page data using 1 worker ...",
  "   Generating static pages using 1 worker (0/52) ...",
  " ✓ Generating static pages using 1 worker (52/52) in 3.1s",
  "   Finalizing page optimization ...",
  "Route (app)",
];

/** A stand-in for `next build`: prints Next's lines a moment apart, then exits with `code`. */
function standIn(lines: string[], code: number): [string, string[]] {
  const script = `const lines = ${JSON.stringify(lines)};
    let i = 0;
    const next = () => { if (i < lines.length) { console.log(lines[i++]); setTimeout(next, 20); } else process.exit(${code}); };
    next();`;
  return [process.execPath, ["-e", script]];
}

function collector(isTTY = false) {
  const written: string[] = [];
  return { written, out: { isTTY, write: (text: string) => written.push(text) } };
}

describe("the build's progress", () => {
  it("knows each phase by the line Next starts it with", () => {
    expect(NEXT_LINES.map(phaseOf)).toEqual([undefined, 0, undefined, 1, 2, 3, 3, 4, undefined]);
  });

  it("without a terminal, says each phase once with the time so far, and hides Next's own output", async () => {
    const { written, out } = collector();
    const [command, args] = standIn(NEXT_LINES, 0);
    expect(await buildWithProgress(command, args, out)).toBe(true);
    const text = written.join("");
    expect(text).toMatch(/^No hay build: compilando la app por primera vez/);
    const phases = BUILD_PHASES.map((phase, index) => `${index + 1}/${BUILD_PHASES.length} ${phase.name} · 0:0`);
    let from = 0;
    for (const phase of phases) {
      const at = text.indexOf(phase, from);
      expect(at, phase).toBeGreaterThan(from - 1);
      from = at;
    }
    expect(text).toMatch(/Build lista en 0:0\d\.\n$/);
    expect(text).not.toMatch(/Compiled successfully|Route \(app\)/);
  });

  it("on a terminal, draws a bar that moves through the phases and ends ready", async () => {
    const { written, out } = collector(true);
    const [command, args] = standIn(NEXT_LINES, 0);
    expect(await buildWithProgress(command, args, out)).toBe(true);
    const text = written.join("");
    expect(text).toContain(`1/${BUILD_PHASES.length} Compilando la app · 0:00`);
    expect(text).toContain(`${BUILD_PHASES.length}/${BUILD_PHASES.length} Lista`);
  });

  it("a failed build shows Next's output, so its error is read, and reports failure", async () => {
    const { written, out } = collector();
    const [command, args] = standIn([NEXT_LINES[1] as string, "Type error: Property 'x' does not exist"], 1);
    expect(await buildWithProgress(command, args, out)).toBe(false);
    expect(written.join("")).toMatch(/Type error: Property 'x' does not exist\n[\s\S]*La build falló \(código 1\)/);
  });

  it("a build command that cannot run says so", async () => {
    const { written, out } = collector();
    expect(await buildWithProgress("/no/existe/next", ["build"], out)).toBe(false);
    expect(written.join("")).toMatch(/No se pudo ejecutar \/no\/existe\/next: .*ENOENT[\s\S]*La build falló/);
  });
});

describe("the log's style", () => {
  it("embedded on a terminal: text, warnings and errors; otherwise JSON at info; LOG_FORMAT and LOG_LEVEL decide when given", () => {
    expect(logStyle({}, true)).toEqual({ format: "text", level: "warn" });
    expect(logStyle({}, false)).toEqual({ format: "json", level: "info" });
    expect(logStyle({ DATABASE_URL: "postgres://x/y" }, true)).toEqual({ format: "json", level: "info" });
    // An empty variable counts as unset, as everywhere in the configuration.
    expect(logStyle({ DATABASE_URL: "", LOG_LEVEL: "" }, true)).toEqual({ format: "text", level: "warn" });
    expect(logStyle({ LOG_LEVEL: "info" }, true)).toEqual({ format: "text", level: "info" });
    expect(logStyle({ LOG_FORMAT: "json" }, true)).toEqual({ format: "json", level: "info" });
    expect(logStyle({ LOG_FORMAT: "text", DATABASE_URL: "postgres://x/y" }, false)).toEqual({ format: "text", level: "warn" });
  });

  function textLogger(level: string) {
    const lines: string[] = [];
    const log = createLogger({ write: (line: string) => lines.push(line) }, { format: "text", level });
    return { lines, log };
  }

  it("the embedded default writes no request line, and every error with its stack, as text", () => {
    const { lines, log } = textLogger("warn");
    log.info({ requestId: "01A", method: "GET", path: "/v3/consultas", status: 200, ms: 12 }, "request");
    log.error({ err: new Error("se cayó"), requestId: "01B", instance: "/v3/consultas" }, "unhandled error");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^\d\d:\d\d:\d\d {2}ERROR {2}unhandled error {2}requestId=01B {2}instance=\/v3\/consultas\n {4}Error: se cayó\n\s+at /,
    );
    expect(lines[0]).not.toContain("{");
  });

  it("at info, a request is one short line; secrets stay hidden", () => {
    const { lines, log } = textLogger("info");
    log.info({ requestId: "01A", method: "GET", path: "/v3/consultas", status: 200, ms: 12 }, "request");
    log.warn({ authorization: "ACS-HMAC clave:firma" }, "firma rechazada");
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d {2}GET \/v3\/consultas → 200 · 12 ms\n$/);
    expect(lines[1]).toMatch(/aviso {2}firma rechazada {2}authorization=\[oculto\]\n$/);
  });

  it("each text line is the JSON line it stands for", () => {
    const line = JSON.stringify({ level: 40, time: Date.parse("2026-11-29T12:00:00Z"), msg: "lento", limitMs: 5000 });
    expect(textLine(line)).toMatch(/^\d\d:\d\d:\d\d {2}aviso {2}lento {2}limitMs=5000\n$/);
  });
});
