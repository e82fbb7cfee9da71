import "server-only";

/**
 * Whether the service has started: start-up (lib/boot/) opens the database, loads the catalogue and
 * starts what the process runs, then marks it ready; the v3 kernel and the service's pages wait for
 * it before they serve, without knowing what start-up does. Kept on globalThis: Next bundles
 * instrumentation and each route separately.
 */
type Readiness = { promise: Promise<void>; resolve: () => void; reject: (error: unknown) => void; state: StartupState };

export type StartupState = "starting" | "started" | "failed";

const holder = globalThis as typeof globalThis & { __vitrinaReady?: Readiness };

function readiness(): Readiness {
  if (!holder.__vitrinaReady) {
    let resolve: () => void = () => {};
    let reject: (error: unknown) => void = () => {};
    const promise = new Promise<void>((onResolve, onReject) => {
      resolve = onResolve;
      reject = onReject;
    });
    // A start-up that fails stops the process; until then nobody need be waiting.
    promise.catch(() => {});
    const created: Readiness = { promise, resolve, reject, state: "starting" };
    promise.then(
      () => {
        created.state = "started";
      },
      () => {
        created.state = "failed";
      },
    );
    holder.__vitrinaReady = created;
  }
  return holder.__vitrinaReady;
}

/** Resolves once start-up has finished; a request waits for it. */
export function serviceReady(): Promise<void> {
  return readiness().promise;
}

/** Where start-up is, without waiting (the readiness probe, lib/boot/ops-endpoints.ts). */
export function startupState(): StartupState {
  return readiness().state;
}

/** Start-up's outcome: ready, or the reason it could not start. */
export function settleReadiness(outcome: Promise<void>): Promise<void> {
  const { resolve, reject } = readiness();
  outcome.then(resolve, reject);
  return outcome;
}
