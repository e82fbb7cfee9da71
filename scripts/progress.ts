import { SingleBar } from "cli-progress";

const STEPS_WITHOUT_TERMINAL = 10;

/**
 * Progress on stderr (stdout stays clean for --json): a bar on a terminal; elsewhere (a log, a pipe)
 * one plain line at each tenth, so a long run still says how far it got.
 */
export function progressBar() {
  let bar: SingleBar | undefined;
  let printedStep = -1;
  return {
    update(done: number, total: number) {
      if (!process.stderr.isTTY) {
        const step = Math.floor((done / Math.max(total, 1)) * STEPS_WITHOUT_TERMINAL);
        if (step > printedStep) {
          printedStep = step;
          process.stderr.write(`  ${done.toLocaleString("es-AR")}/${total.toLocaleString("es-AR")} (${step * 10} %)\n`);
        }
        return;
      }
      if (!bar) {
        bar = new SingleBar({ format: "  {bar} {percentage}% | {value}/{total} | {eta_formatted}", stream: process.stderr });
        bar.start(total, done);
      }
      bar.update(done);
    },
    stop() {
      bar?.stop();
    },
  };
}
