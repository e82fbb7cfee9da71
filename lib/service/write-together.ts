import "server-only";

type Waiting<T> = { item: T; resolve: () => void; reject: (error: unknown) => void };

/**
 * Joins the writes of concurrent callers into one: what arrives while a batch is being written is
 * written together in the next (a group commit), so a process writes one statement per batch, not
 * per item, and a lone item waits for no timer. Each caller's promise settles with its batch: a
 * batch that fails rejects every item in it, for each caller to write its own alone.
 */
export function writeTogether<T>(write: (items: T[]) => Promise<void>): (item: T) => Promise<void> {
  let waiting: Waiting<T>[] = [];
  let writing = false;
  const writeAll = async () => {
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      try {
        await write(batch.map((entry) => entry.item));
        for (const entry of batch) entry.resolve();
      } catch (error) {
        for (const entry of batch) entry.reject(error);
      }
    }
    writing = false;
  };
  return (item) =>
    new Promise<void>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (writing) return;
      writing = true;
      // After this turn of the event loop: the answers that arrived in it are written together.
      setImmediate(writeAll);
    });
}
