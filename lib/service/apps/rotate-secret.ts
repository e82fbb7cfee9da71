import "server-only";
import { eq } from "drizzle-orm";
import { encryptSecret, randomHex } from "@/lib/crypto/secrets";
import { getDb } from "@/lib/db";
import { apps } from "@/lib/db/schema";
import { config } from "@/lib/env";
import { UnknownAppError } from "./find-app";

/** Issues a new secret; the previous one keeps working until the next rotation. */
export async function rotateAppSecret(appKey: string): Promise<{ AppKey: string; AppSecret: string }> {
  const db = await getDb();
  const secret = randomHex(32);
  return db.transaction(async (tx) => {
    const [app] = await tx.select({ current: apps.secretPrimary }).from(apps).where(eq(apps.appKey, appKey)).for("update");
    if (!app) throw new UnknownAppError(appKey);
    await tx
      .update(apps)
      .set({ secretPrimary: encryptSecret(config().secretsKey, secret), secretSecondary: app.current })
      .where(eq(apps.appKey, appKey));
    return { AppKey: appKey, AppSecret: secret };
  });
}
