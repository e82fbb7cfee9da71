import "server-only";
import { encryptSecret, randomHex } from "@/lib/crypto/secrets";
import { getDb } from "@/lib/db";
import { apps } from "@/lib/db/schema";
import { config } from "@/lib/env";
import { newId } from "@/lib/ids";
import type { Topic } from "./topics";

export type IssuedCredentials = { AppId: string; AppKey: string; AppSecret: string };

export async function createApp(input: { name: string; topics: Topic[]; contactEmail?: string }): Promise<IssuedCredentials> {
  const db = await getDb();
  const credentials = { AppId: newId(), AppKey: randomHex(16), AppSecret: randomHex(32) };
  await db.insert(apps).values({
    id: credentials.AppId,
    name: input.name,
    appKey: credentials.AppKey,
    secretPrimary: encryptSecret(config().secretsKey, credentials.AppSecret),
    topics: [...new Set(input.topics)],
    contactEmail: input.contactEmail?.toLowerCase() ?? null,
  });
  return credentials;
}
