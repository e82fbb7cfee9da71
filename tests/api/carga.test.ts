import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { type Credentials, createApp, server } from "../support/client";
import { auto, call, enquiry, interesado, publish, registered } from "../support/consultas";

/**
 * Load: 200 concurrent clients mixing reads and writes for LOAD_SECONDS (60 by default) against the
 * test server: no 5xx, no error in the server's log, and the server's memory stays bounded.
 */

const CLIENTS = 200;
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);

/** Resident memory of a process and its descendants (tsx runs the server in a child), in MB. */
function treeRssMb(pid: number): number {
  const rss = Number(readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean);
  return rss + children.reduce((sum, child) => sum + treeRssMb(Number(child)), 0);
}

let app: Credentials;
let mail: string;
const externalId = "CARGA-1";

beforeAll(async () => {
  app = await createApp("Carga");
  mail = await registered([[app, true]]);
  expect((await publish(app, mail, externalId)).status).toBe(201);
  await enquiry({ AdminMail: mail, ExternalId: externalId, TipoAnuncio: "publicacion" });
}, 120_000);

type Step = () => Promise<Response>;

const steps: Step[] = [
  () => call(app, "GET", `/v3/consultas/${mail}`),
  () => call(app, "GET", `/v3/consultas/${mail}?externalid=${externalId}`),
  () => call(app, "GET", "/v3/agencias"),
  () => call(app, "GET", `/v3/agencias/${mail}`),
  () => call(app, "GET", "/v3/marcas/bestmatch?q=volksvagen"),
  () => call(app, "GET", "/v3/ciudades/bestmatch?state=cordoba&city=rio%20cuarto"),
  () => call(app, "GET", "/v3/appnotificaciones"),
  () =>
    fetch(`${server().baseUrl}/marketplace/consultas`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${server().env.MARKETPLACE_TOKEN}` },
      body: JSON.stringify({
        AdminMail: mail,
        ExternalId: externalId,
        TipoAnuncio: "publicacion",
        OrigenLead: "form",
        Interesado: interesado(),
      }),
    }),
  () =>
    fetch(`${server().baseUrl}/marketplace/publicaciones`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${server().env.MARKETPLACE_TOKEN}` },
      body: JSON.stringify({ AppKey: app.AppKey, AdminMail: mail, ExternalId: `CARGA-${Math.floor(Math.random() * 50)}`, Auto: auto() }),
    }),
  () => call(app, "POST", "/v3/agencias", { AdminMail: "nadie-@-valido" }),
];

describe("load", () => {
  it(
    `${CLIENTS} concurrent clients for ${SECONDS} s: no 5xx, no error logged, memory bounded`,
    async () => {
      const { pid, logFile } = server();
      const errorsBefore = readFileSync(logFile, "utf8")
        .split("\n")
        .filter((line) => line.includes('"level":50')).length;
      const statuses = new Map<number, number>();
      let warm = 0;
      const deadline = Date.now() + SECONDS * 1000;
      const warmUntil = Date.now() + Math.min(10, SECONDS / 4) * 1000;
      const client = async () => {
        while (Date.now() < deadline) {
          const step = steps[Math.floor(Math.random() * steps.length)] as Step;
          const response = await step();
          await response.arrayBuffer();
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          if (!warm && Date.now() > warmUntil) warm = treeRssMb(pid);
        }
      };
      await Promise.all(Array.from({ length: CLIENTS }, client));
      const after = treeRssMb(pid);
      const total = [...statuses.values()].reduce((sum, count) => sum + count, 0);
      console.log(
        `carga: ${total} solicitudes en ${SECONDS} s, estados ${JSON.stringify(Object.fromEntries(statuses))}, RSS ${warm.toFixed(0)} → ${after.toFixed(0)} MB`,
      );
      expect([...statuses.keys()].filter((status) => status >= 500)).toEqual([]);
      expect([...statuses.keys()].sort()).toEqual(expect.arrayContaining([200, 201, 400]));
      const errorsAfter = readFileSync(logFile, "utf8")
        .split("\n")
        .filter((line) => line.includes('"level":50')).length;
      expect(errorsAfter - errorsBefore).toBe(0);
      expect(after).toBeLessThan(warm * 1.5 + 100);
    },
    (SECONDS + 120) * 1000,
  );
});
