import { SingleBar } from "cli-progress";

/** A progress bar on stderr (stdout stays clean for --json); silent when stderr is not a terminal. */
export function progressBar() {
  let bar: SingleBar | undefined;
  return {
    update(done: number, total: number) {
      if (!process.stderr.isTTY) return;
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
