import { spawn } from "node:child_process";
import { SingleBar } from "cli-progress";

/** The phases of `next build`, by the line Next prints as each one starts (decisions 0095). */
export const BUILD_PHASES = [
  { starts: /Creating an optimized production build/, name: "Compilando la app" },
  { starts: /Running TypeScript|Linting and checking validity of types/, name: "Comprobando los tipos" },
  { starts: /Collecting page data/, name: "Reuniendo los datos de las páginas" },
  { starts: /Generating static pages/, name: "Generando las páginas estáticas" },
  { starts: /Finalizing page optimization|Collecting build traces/, name: "Terminando" },
] as const;

/** The index of the phase a line of Next's output starts, if it starts one. */
export function phaseOf(line: string): number | undefined {
  const index = BUILD_PHASES.findIndex((phase) => phase.starts.test(line));
  return index === -1 ? undefined : index;
}

/** m:ss */
export const elapsed = (ms: number) => {
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
};

type Out = { write(text: string): unknown; isTTY?: boolean };

/** Where the build is: a bar with the phase and the time so far on a terminal; one line per phase elsewhere. */
function phaseReporter(out: Out, now: () => number) {
  const started = now();
  const total = BUILD_PHASES.length;
  const bar = out.isTTY
    ? new SingleBar({ format: "  {bar} {step}/{total} {phase} · {time}", stream: out as NodeJS.WritableStream, hideCursor: true })
    : undefined;
  let current = -1;
  const payload = () => {
    const phase = Math.max(current, 0);
    return { step: phase + 1, phase: BUILD_PHASES[phase]?.name, time: elapsed(now() - started) };
  };
  const tick = () => bar?.update(Math.max(current, 0), payload());
  bar?.start(total, 0, payload());
  const timer = bar ? setInterval(tick, 1000) : undefined;
  return {
    reach(phase: number) {
      if (phase <= current) return;
      current = phase;
      if (bar) tick();
      else out.write(`  ${phase + 1}/${total} ${BUILD_PHASES[phase]?.name} · ${elapsed(now() - started)}\n`);
    },
    finish(ok: boolean) {
      clearInterval(timer);
      if (bar) {
        if (ok) bar.update(total, { step: total, phase: "Lista", time: elapsed(now() - started) });
        bar.stop();
      }
      return elapsed(now() - started);
    },
  };
}

/**
 * Runs the build (`command`, Next's by default) with its output read line by line into phases and
 * shown as progress on `out`; Next's own output is shown only when the build fails.
 */
export function buildWithProgress(command: string, args: string[], out: Out = process.stderr, now = Date.now): Promise<boolean> {
  out.write("No hay build: compilando la app por primera vez (unos minutos; las próximas veces arranca enseguida)…\n");
  const reporter = phaseReporter(out, now);
  const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  let pending = "";
  const read = (chunk: Buffer) => {
    output += chunk;
    const lines = (pending + chunk).split(/\r?\n/);
    pending = lines.pop() ?? "";
    for (const line of lines) {
      const phase = phaseOf(line);
      if (phase !== undefined) reporter.reach(phase);
    }
  };
  child.stdout.on("data", read);
  child.stderr.on("data", read);
  // A command that cannot start emits "error", then "close".
  let failure = "";
  child.once("error", (error) => (failure = `No se pudo ejecutar ${command}: ${error.message}\n`));
  return new Promise((resolve) => {
    child.once("close", (code) => {
      const took = reporter.finish(code === 0);
      if (code === 0) out.write(`Build lista en ${took}.\n`);
      else out.write(`${output}${failure}La build falló (código ${code}) después de ${took}.\n`);
      resolve(code === 0);
    });
  });
}
