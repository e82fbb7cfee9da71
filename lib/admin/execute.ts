import "server-only";
import { readLockOwner } from "@/lib/db/lock";
import { config } from "@/lib/env";
import type { Progress } from "./operations";
import { viaSocket } from "./socket-client";

/**
 * Runs an operator operation here, or through the embedded server that owns DATA_DIR right now. The
 * operations and the database are loaded only to run here: a command sent to the server starts in a
 * fraction of the time.
 */
export async function executeOperation(operation: string, input: unknown, progress: Progress = () => {}): Promise<unknown> {
  const { embedded, dataDir } = config();
  const owner = embedded ? readLockOwner(dataDir) : undefined;
  if (owner) return viaSocket(owner.adminSocket, operation, input, progress);
  const [{ closeDb, getDb }, { runOperation }] = await Promise.all([import("@/lib/db"), import("./operations")]);
  await getDb();
  try {
    return await runOperation(operation, input, progress);
  } finally {
    await closeDb();
  }
}
