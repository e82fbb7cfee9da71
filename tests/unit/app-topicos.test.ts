import { afterAll, describe, expect, it } from "vitest";
import { removeDataDir } from "../support/pglite-propia";

/** `app topics --disable`: a topic the app may no longer use sends it nothing (decision 0094). */

const { closeDb, getDb } = await import("@/lib/db");
const { eq } = await import("drizzle-orm");
const { webhookConfigs } = await import("@/lib/db/schema");
const { newId } = await import("@/lib/ids");
const { createApp } = await import("@/lib/service/apps/create-app");
const { setAppTopics } = await import("@/lib/service/apps/set-topics");
const { enqueueNotification } = await import("@/lib/service/webhooks/enqueue-notification");

afterAll(async () => {
  await closeDb();
  removeDataDir();
});

async function appWithActiveConfigs() {
  const app = await createApp({ name: "Topicos", topics: ["agencias", "consultas"] });
  const db = await getDb();
  for (const topic of ["agencias", "consultas"]) {
    await db.insert(webhookConfigs).values({ id: newId(), appId: app.AppId, topic, callback: "https://example.com/hook", active: true });
  }
  return app;
}

const notify = async (appId: string, topic: "agencias" | "consultas") =>
  enqueueNotification(await getDb(), { appId, topic, evento: "prueba", datos: {}, momento: new Date().toISOString() });

describe("app topics --disable", () => {
  it("deactivates the app's configuration of the topic, so nothing is queued for it; the other topic still is", async () => {
    const app = await appWithActiveConfigs();
    expect(await notify(app.AppId, "consultas")).toBeTruthy();

    expect(await setAppTopics({ appKey: app.AppKey, enable: [], disable: ["consultas"] })).toEqual(["agencias"]);

    expect(await notify(app.AppId, "consultas")).toBeUndefined();
    expect(await notify(app.AppId, "agencias")).toMatchObject({ Topic: "agencias" });
    const configs = await (await getDb()).select().from(webhookConfigs).where(eq(webhookConfigs.appId, app.AppId));
    expect(Object.fromEntries(configs.map((each) => [each.topic, each.active]))).toEqual({ agencias: true, consultas: false });
  });

  it("enabling the topic again leaves its configuration inactive until the partner reactivates it", async () => {
    const app = await appWithActiveConfigs();
    await setAppTopics({ appKey: app.AppKey, enable: [], disable: ["consultas"] });
    expect(await setAppTopics({ appKey: app.AppKey, enable: ["consultas"], disable: [] })).toEqual(["agencias", "consultas"]);
    expect(await notify(app.AppId, "consultas")).toBeUndefined();
  });

  it("a topic both enabled and disabled in one call ends disabled, its configuration inactive", async () => {
    const app = await appWithActiveConfigs();
    expect(await setAppTopics({ appKey: app.AppKey, enable: ["consultas"], disable: ["consultas"] })).toEqual(["agencias"]);
    expect(await notify(app.AppId, "consultas")).toBeUndefined();
  });
});
