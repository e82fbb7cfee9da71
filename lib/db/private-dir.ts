import { chmodSync, lstatSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";

/**
 * An embedded DATA_DIR holds the whole database, the generated secrets and the admin socket: only
 * the server's user may read or write any of it (decisions 0021). PGlite copies its initial files
 * with mode 0666 and PostgreSQL rewrites some at every start with 0644, so the modes are set again
 * after each open, and a umask of 077 keeps what is created meanwhile (WAL segments, relations)
 * private too.
 */
const DIRECTORY_MODE = 0o700;
const FILE_MODE = 0o600;

/** Sets dirs to 0700 and everything else to 0600, under `root` and `root` itself; symbolic links are left alone (chmod would follow them out) and so is what vanished meanwhile. */
export function tightenModes(root: string): void {
  const pending = [root];
  for (let current = pending.pop(); current !== undefined; current = pending.pop()) {
    const stats = lstatSync(current, { throwIfNoEntry: false });
    if (!stats || stats.isSymbolicLink()) continue;
    const mode = stats.isDirectory() ? DIRECTORY_MODE : FILE_MODE;
    if ((stats.mode & 0o777) !== mode) chmodSync(current, mode);
    if (stats.isDirectory()) for (const name of readdirSync(current)) pending.push(path.join(current, name));
  }
}

/** Creates DATA_DIR when missing and makes it private, with the umask that keeps new files private. */
export function makePrivate(dataDir: string): void {
  process.umask(0o077);
  mkdirSync(dataDir, { recursive: true, mode: DIRECTORY_MODE });
  tightenModes(dataDir);
}
