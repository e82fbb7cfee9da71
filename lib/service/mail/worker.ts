import "server-only";
import { logger } from "@/lib/log";
import { sleep } from "@/lib/time";
import { sendDueMail } from "./send-due-mail";

const POLL_MS = 500;
const BATCH = 10;

/**
 * The mail worker: sends due messages of mail_outbox every half second until the signal aborts.
 * The promise resolves once it has stopped: the message being sent is finished, the rest of its
 * batch released (decisions 0050).
 */
export async function startMailWorker(signal: AbortSignal): Promise<void> {
  await sleep(POLL_MS, signal);
  while (!signal.aborted) {
    let claimed = 0;
    try {
      claimed = await sendDueMail(BATCH, signal);
    } catch (error) {
      logger().error({ err: error }, "mail worker failed");
    }
    if (claimed < BATCH) await sleep(POLL_MS, signal);
  }
}
