import "server-only";
import { logger } from "@/lib/log";
import { sendDueMail } from "./send-due-mail";

const POLL_MS = 500;
const BATCH = 10;

/** The mail worker: sends due messages of mail_outbox every half second until the signal aborts. */
export function startMailWorker(signal: AbortSignal): void {
  const tick = async () => {
    if (signal.aborted) return;
    let claimed = 0;
    try {
      claimed = await sendDueMail(BATCH);
    } catch (error) {
      logger().error({ err: error }, "mail worker failed");
    }
    if (!signal.aborted) setTimeout(tick, claimed === BATCH ? 0 : POLL_MS).unref?.();
  };
  setTimeout(tick, POLL_MS).unref?.();
}
