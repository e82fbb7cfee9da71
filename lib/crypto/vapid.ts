import { createECDH, hkdfSync } from "node:crypto";

export type VapidKeys = { publicKey: string; privateKey: string };

const cache = new Map<string, VapidKeys>();

/**
 * The service's VAPID key pair (P-256, base64url as web-push takes them), derived from SECRETS_KEY
 * with HKDF: kept as the other secrets are, with nothing more to configure or store (decision 0101).
 */
export function vapidKeys(secretsKey: Buffer): VapidKeys {
  const cacheKey = secretsKey.toString("hex");
  let keys = cache.get(cacheKey);
  if (!keys) {
    const privateKey = Buffer.from(hkdfSync("sha256", secretsKey, "vitrina", "vapid p-256", 32));
    const ecdh = createECDH("prime256v1");
    ecdh.setPrivateKey(privateKey);
    keys = { publicKey: ecdh.getPublicKey().toString("base64url"), privateKey: privateKey.toString("base64url") };
    cache.set(cacheKey, keys);
  }
  return keys;
}
