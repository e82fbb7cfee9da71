import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";

/**
 * One process at a time owns an embedded DATA_DIR: PGlite is a single-connection database and two
 * processes writing the same files would corrupt them. The lock file holds the owner's pid and the
 * path of its admin socket; a lock whose pid is gone (kill -9) is stale and is taken over.
 */
export type LockOwner = { pid: number; adminSocket: string };

export class DataDirBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner,
  ) {
    super(
      `El directorio de datos ${dataDir} está en uso por el proceso ${owner.pid}. ` +
        "Detené ese proceso, usá otro DATA_DIR, o usá la CLI (npm run admin), que opera a través del servidor en marcha.",
    );
  }
}

const lockPath = (dataDir: string) => path.join(dataDir, "vitrina.lock");

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The live owner of dataDir, or undefined when nobody holds it. */
export function readLockOwner(dataDir: string): LockOwner | undefined {
  try {
    const owner = JSON.parse(readFileSync(lockPath(dataDir), "utf8")) as LockOwner;
    return isAlive(owner.pid) && owner.pid !== process.pid ? owner : undefined;
  } catch {
    return undefined;
  }
}

export function acquireDataDirLock(dataDir: string, adminSocket: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = lockPath(dataDir);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o600);
      writeSync(fd, JSON.stringify({ pid: process.pid, adminSocket } satisfies LockOwner));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = readLockOwner(dataDir);
      if (owner) throw new DataDirBusyError(dataDir, owner);
      rmSync(file, { force: true });
    }
  }
  throw new Error(`No se pudo tomar el lock de ${dataDir}`);
}
