import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { type Credentials, createApp, server } from "../support/client";
import { auto, call, enquiry, interesado, publish, registered } from "../support/consultas";

/**
 * Load: 200 concurrent clients mixing reads and writes for LOAD_SECONDS (60 by default), after a
 * 10 s warm-up under the same load, against the test server: no 5xx, no error in the server's log,
 * and the server's memory stable after the warm-up (read every second, printed every 5 s; see
 * stable()). The warm-up lets the heap grow to what the load needs: on a slow machine a 20 s run was
 * still growing at its end, which is no leak.
 */

const CLIENTS = 200;
const WARM_UP_SECONDS = 10;
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);

/** Resident memory of a process and its descendants (tsx runs the server in a child), in MB. */
function treeRssMb(pid: number): number {
  const rss = Number(readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean);
  return rss + children.reduce((sum, child) => sum + treeRssMb(Number(child)), 0);
}

/** Lines of the server's log that report an error: pino's error and fatal levels, or anything else on stderr that says so. */
function errorLines(logFile: string): string[] {
  return readFileSync(logFile, "utf8")
    .split("\n")
    .filter((line) => {
      if (line.startsWith("{")) return /"level":(?:[5-9]\d)/.test(line);
      return /error|⨯|unhandled/i.test(line);
    });
}

/**
 * Memory is stable when the peaks of the second half of the run (after the warm-up) are no higher
 * than those of the first half, give or take a quarter and 50 MB. The resident memory saws up and
 * down with the garbage collector (a single reading says little); a leak raises every next peak.
 */
function stable(rss: number[]): boolean {
  const half = Math.floor(rss.length / 2);
  const firstPeak = Math.max(...rss.slice(0, half));
  const secondPeak = Math.max(...rss.slice(half));
  return secondPeak <= firstPeak * 1.25 + 50;
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
  () => call(app, "GET", "/v3/marcas/bestmatch?make=volksvagen"),
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
    `${CLIENTS} concurrent clients for ${SECONDS} s after a warm-up: no 5xx, no error logged, memory stable`,
    async () => {
      const { pid, logFile } = server();
      const errorsBefore = errorLines(logFile).length;
      const before = treeRssMb(pid);
      const rss: number[] = [];
      let sampler: ReturnType<typeof setInterval> | undefined;
      const warmedUp = new Promise((resolve) => setTimeout(resolve, WARM_UP_SECONDS * 1000)).then(() => {
        rss.push(treeRssMb(pid));
        sampler = setInterval(() => rss.push(treeRssMb(pid)), 1000);
      });
      const statuses = new Map<number, number>();
      const deadline = Date.now() + (WARM_UP_SECONDS + SECONDS) * 1000;
      const client = async () => {
        while (Date.now() < deadline) {
          const step = steps[Math.floor(Math.random() * steps.length)] as Step;
          const response = await step();
          await response.arrayBuffer();
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        }
      };
      await Promise.all([warmedUp, ...Array.from({ length: CLIENTS }, client)]);
      clearInterval(sampler);
      rss.push(treeRssMb(pid));
      const total = [...statuses.values()].reduce((sum, count) => sum + count, 0);
      const every5s = rss.filter((_, second) => second % 5 === 0).map((mb) => mb.toFixed(0));
      const seconds = WARM_UP_SECONDS + SECONDS;
      console.log(
        `carga: ${total} solicitudes en ${seconds} s (${(total / seconds).toFixed(0)}/s), estados ${JSON.stringify(Object.fromEntries(statuses))}; RSS del servidor (MB) antes ${before.toFixed(0)}, tras ${WARM_UP_SECONDS} s de calentamiento cada 5 s: ${every5s.join(" → ")} → ${(rss.at(-1) as number).toFixed(0)}`,
      );
      expect([...statuses.keys()].filter((status) => status >= 500)).toEqual([]);
      expect([...statuses.keys()].sort()).toEqual(expect.arrayContaining([200, 201, 400]));
      expect(statuses.get(200) ?? 0).toBeGreaterThan(total / 2);
      expect(errorLines(logFile).slice(errorsBefore)).toEqual([]);
      expect(stable(rss), `RSS ${every5s.join(" → ")}`).toBe(true);
    },
    (WARM_UP_SECONDS + SECONDS + 120) * 1000,
  );
});
