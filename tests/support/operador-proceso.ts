import { createWriteStream } from "node:fs";
import { createInterface } from "node:readline";
import { executeOperation } from "@/lib/admin/execute";

/**
 * The operator's operations for the tests of a service on PostgreSQL, which has no admin socket: a
 * JSON line `{ operation, input }` on stdin, a line `{ result }` or `{ error }` on file descriptor 3
 * (standard output carries the service's log), one at a time and in order. The same code the CLI
 * runs, in one process per test file instead of one per command; it ends with its stdin.
 */
const answers = createWriteStream("", { fd: 3 });
for await (const line of createInterface({ input: process.stdin })) {
  const { operation, input } = JSON.parse(line) as { operation: string; input: unknown };
  const answer = await executeOperation(operation, input).then(
    (result) => ({ result }),
    (error: Error) => ({ error: error.message }),
  );
  answers.write(`${JSON.stringify(answer)}\n`);
}
