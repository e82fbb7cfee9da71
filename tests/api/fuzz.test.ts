import { readFileSync, statSync, writeFileSync } from "node:fs";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operations as registry } from "@/lib/api/operations";
import { type Credentials, createApp, operar, server, signedFetch, startOwnServer } from "../support/client";
import { enquiry, MARKETPLACE_TOKEN, publish, registered, unique } from "../support/consultas";
import {
  describeRequest,
  type FieldSlot,
  type FuzzOperation,
  type FuzzRequest,
  type FuzzResponse,
  fieldSlots,
  headTooLarge,
  marketplaceOperations,
  operationsFromOpenApi,
  REFUSED_FREE_JSON,
  requestArbitrary,
  send,
  sendAll,
  violation,
} from "../support/fuzz";
import { startReceiver } from "../support/receiver";

/**
 * Issue 9: every v3 and marketplace operation driven with malformed requests generated from the
 * schemas. Never a 5xx, always the documented shape, and a refused write changes nothing.
 */

const SEED = 20_260_209;
const MIN_REQUESTS = 10_000;
const CONCURRENCY = 8;
/** Requests per operation: most of them with every write built to be refused, the rest anything goes. */
const REJECTED_SHARE = 2 / 3;

let appA: Credentials;
let appB: Credentials;
let operations: FuzzOperation[];
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let logOffset = 0;
const known: { a: Record<string, string[]>; b: Record<string, string[]> } = { a: {}, b: {} };
let snapshotTargets: string[] = [];

const counts = { sent: 0, byStatus: new Map<number, number>(), transportErrors: 0 };
const failures: string[] = [];

const json = (app: Credentials, method: string, path: string, body?: unknown) =>
  signedFetch(app, method, path, body === undefined ? {} : { body: JSON.stringify(body), headers: { "Content-Type": "application/json" } });

async function waitDelivered(app: Credentials, topic: string) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const list = await (await json(app, "GET", `/v3/appnotificaciones/${topic}/entregas`)).json();
    if (list._entries.every((entry: { Estado: string }) => entry.Estado === "entregada")) return list._entries;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("the test notification was never delivered");
}

/** An app's agency, listing, enquiry, pending invitation, webhook configurations and one delivered notification. */
async function seed(app: Credentials) {
  const mail = await registered([[app, true]]);
  expect((await publish(app, mail, "EXT-1")).status).toBe(201);
  const sid = await enquiry({ AdminMail: mail, ExternalId: "EXT-1", TipoAnuncio: "publicacion" });
  const pending = unique("pendiente");
  expect((await json(app, "POST", "/v3/agencias", { AdminMail: pending })).status).toBe(202);
  const callback = receiver.url("/hooks");
  expect((await json(app, "POST", "/v3/appnotificaciones/agencias", { Callback: callback, Secret: "s3cr3t-de-al-menos-16" })).status).toBe(
    201,
  );
  expect((await json(app, "POST", "/v3/appnotificaciones/consultas", { Callback: callback, Activo: false })).status).toBe(201);
  expect((await json(app, "POST", "/v3/appnotificaciones/agencias/prueba")).status).toBe(202);
  const [delivered] = await waitDelivered(app, "agencias");
  return {
    mail,
    pending,
    sid,
    values: {
      adminMail: [mail, pending, "nadie@agencia.test"],
      AdminMail: [mail, pending],
      operador: [mail],
      OperadorResponsable: [mail],
      topic: ["agencias", "consultas"],
      sid: [sid],
      id: [delivered.Id],
      externalid: ["EXT-1", "ext-1"],
      ExternalId: ["EXT-1", ""],
      AppKey: [app.AppKey],
      Callback: [callback, "https://crm.example/hooks", "http://169.254.169.254/latest", "ftp://x.example/"],
      Secret: ["s3cr3t-de-al-menos-16", ""],
      TipoAnuncio: ["publicacion", "catalogo"],
      state: ["cordoba", "Córdoba", "X"],
      city: ["villa maria", "córdoba"],
      region: ["1", "5"],
      Region: ["cordoba"],
      Ciudad: ["villa maria"],
      q: ["to", "rojo", "cor"],
      make: ["toyota", "fiat"],
      bodystyle: ["sedan", "suv"],
      nombre: ["Rojo"],
      estado: ["pendiente", "vencida", "registrada", "entregada", "activa", "archivada"],
      pagina: ["1", "99", "100"],
      desde: ["2026-02-30"],
      soloMercadoNuevos: ["true", "false"],
      Email: ["juan.gomez@example.com"],
      Moneda: ["ARS"],
      externalId: ["EXT-1", "ext-1"],
      Marca: ["toyota", "5"],
      Modelo: ["corolla"],
      Carroceria: ["sedan"],
      Color: ["rojo"],
      Url: ["https://fotos.example.com/1.jpg"],
      marca: ["5"],
      model: ["corolla", "208"],
      exposicion: ["alta", "baja"],
      modificadaDesde: ["2026-01-01T00:00:00-03:00"],
    },
  };
}

/** What the app can observe of its own state (period bounds move with the clock, so they are left out). */
async function snapshot(app: Credentials): Promise<string> {
  const views: Record<string, unknown> = {};
  for (const target of snapshotTargets) {
    const response = await json(app, "GET", target);
    const body = response.status === 200 ? await response.json() : await response.text();
    if (body && typeof body === "object") {
      delete body.Desde;
      delete body.Hasta;
    }
    views[target] = { status: response.status, body };
  }
  views.mailbox = (await operar<unknown[]>("mail.list")).length;
  return JSON.stringify(views, null, 1);
}

function record(request: FuzzRequest, response: FuzzResponse | Error) {
  counts.sent++;
  if (response instanceof Error) {
    counts.transportErrors++;
    // A client may see the connection closed after a 413 sent before the body was read, or after
    // the 431 Node's HTTP server sends (and closes) for a request head over 16 KiB.
    const oversized = (request.body.text?.length ?? 0) > 1024 * 1024 || headTooLarge(request);
    if (!oversized) failures.push(`${response.message} ← ${describeRequest(request)}`);
    return;
  }
  counts.byStatus.set(response.status, (counts.byStatus.get(response.status) ?? 0) + 1);
  const problem = violation(request, response, operations);
  if (problem) failures.push(`${problem} ← ${describeRequest(request)}`);
}

function generate(rejectWrites: boolean, values: Record<string, string[]>, perOperation: number, seed: number): FuzzRequest[] {
  return operations.flatMap((operation, index) =>
    fc.sample(requestArbitrary(operation, { known: values, rejectWrites }), { seed: seed + index, numRuns: perOperation }),
  );
}

function signedFetchRaw(app: Credentials, target: string) {
  const operation = operations.find((candidate) => candidate.id === "getAgencia") as FuzzOperation;
  const request: FuzzRequest = { operation, method: "GET", target, headers: {}, body: {}, auth: "signed", mustReject: false };
  return send(request, server().baseUrl, app, MARKETPLACE_TOKEN);
}

async function fuzz(app: Credentials, requests: FuzzRequest[]) {
  const { baseUrl } = server();
  await sendAll(requests, CONCURRENCY, (request) => send(request, baseUrl, app, MARKETPLACE_TOKEN), record);
}

/** Whether an operation ends what the others need (the agency attached, a configuration). */
const ends = (operation: FuzzOperation) => operation.method === "DELETE" || operation.path.endsWith("/desasociar");

/**
 * Each slot of every operation with each value, the rest of the request valid: how each was
 * answered. The operations that end something are sent once the others have been answered.
 */
async function sweep(app: Credentials, values: Record<string, string[]>, valuesFor: (slot: FieldSlot) => string[]) {
  const answered: { slot: FieldSlot; request: FuzzRequest; response: FuzzResponse | Error }[] = [];
  const { baseUrl } = server();
  for (const group of [operations.filter((operation) => !ends(operation)), operations.filter(ends)]) {
    const slots = group.flatMap((operation) => fieldSlots(operation, values));
    const sent = new Map(slots.flatMap((slot) => valuesFor(slot).map((value) => [slot.request(value), slot] as const)));
    await sendAll(
      [...sent.keys()],
      CONCURRENCY,
      (request) => send(request, baseUrl, app, MARKETPLACE_TOKEN),
      (request, response) => answered.push({ slot: sent.get(request) as FieldSlot, request, response }),
    );
  }
  return answered;
}

/** A value of the slot that validates (when the test knows one), so that only what is appended to it can be wrong. */
const validText = (slot: FieldSlot, values: Record<string, string[]>) => values[slot.field.split(".").at(-1) as string]?.[0] ?? "texto";

const CONTROLS = ["\u0001", "a\u0007b", "\u001b[31m", "\u001f", "\u007f", "\u0085", "\u009f", "\t\r\n"];

let stopOwnServer: (() => Promise<void>) | undefined;

// A service of its own: the mailbox and the log compared before and after are the fuzzer's alone,
// while the other files run beside it (decision 0126).
beforeAll(async () => {
  stopOwnServer = await startOwnServer();
  logOffset = statSync(server().logFile).size;
  receiver = await startReceiver();
  [appA, appB] = await Promise.all([createApp("Fuzz A"), createApp("Fuzz B")]);
  const document = await (await fetch(`${server().baseUrl}/v3/openapi.json`)).json();
  // The operations that end something (detach the agency, delete a configuration) go last, so that
  // the others find what they act on.
  operations = [...operationsFromOpenApi(document), ...marketplaceOperations()].sort((a, b) => Number(ends(a)) - Number(ends(b)));
  const [a, b] = await Promise.all([seed(appA), seed(appB)]);
  known.a = a.values;
  known.b = b.values;
  snapshotTargets = [
    "/v3/agencias",
    "/v3/agencias?estado=pendiente",
    "/v3/agencias?estado=vencida",
    `/v3/agencias/${a.mail}`,
    `/v3/agencias/${a.pending}`,
    `/v3/agencias/${a.mail}/productos`,
    "/v3/appnotificaciones",
    "/v3/appnotificaciones/agencias",
    "/v3/appnotificaciones/consultas",
    "/v3/appnotificaciones/agencias/entregas",
    "/v3/appnotificaciones/consultas/entregas",
    `/v3/consultas/${a.mail}`,
    `/v3/consultas/${a.mail}/${a.sid}`,
    `/v3/publicaciones/${a.mail}`,
    `/v3/publicaciones/${a.mail}?estado=archivada`,
    `/v3/publicaciones/${a.mail}/EXT-1`,
    "/v3",
  ];
}, 300_000);

afterAll(async () => {
  await receiver?.close();
  await stopOwnServer?.();
});

describe("fuzzing every operation from the schemas", () => {
  it("covers every operation of the registry and the marketplace ingestion", () => {
    const fuzzed = new Set(operations.map((operation) => `${operation.method} ${operation.path}`));
    for (const operation of registry)
      expect(fuzzed, `${operation.method} ${operation.path}`).toContain(`${operation.method} ${operation.path}`);
    expect(fuzzed).toContain("POST /marketplace/consultas");
    expect(fuzzed).toContain("POST /marketplace/publicaciones");
  });

  it("refused writes change nothing; no request gets a 5xx or an undocumented answer", async () => {
    const perOperation = Math.ceil(MIN_REQUESTS / operations.length) + 5;
    const rejected = Math.ceil(perOperation * REJECTED_SHARE);
    const before = await snapshot(appA);
    await fuzz(appA, generate(true, known.a, rejected, SEED));
    const after = await snapshot(appA);
    expect(after).toEqual(before);

    await fuzz(appB, generate(false, known.b, perOperation - rejected, SEED + 1_000));

    const statuses = Object.fromEntries([...counts.byStatus.entries()].sort(([x], [y]) => x - y));
    console.log(
      `fuzz: ${counts.sent} requests over ${operations.length} operations; statuses ${JSON.stringify(statuses)}; transport errors ${counts.transportErrors}`,
    );
    if (process.env.FUZZ_FAILURES) writeFileSync(process.env.FUZZ_FAILURES, failures.join("\n"));
    expect(failures.slice(0, 30), `${failures.length} violations`).toEqual([]);
    expect(counts.sent).toBeGreaterThanOrEqual(MIN_REQUESTS);
    expect([...counts.byStatus.keys()].filter((status) => status >= 500)).toEqual([]);
  }, 240_000);

  it("a NUL in any one parameter or string member, or a free-form member nested past 32 levels, is a 400 naming it that changes nothing", async () => {
    const before = await snapshot(appA);
    const answered = await sweep(appA, known.a, (slot) =>
      slot.kind === "free" ? REFUSED_FREE_JSON : [`${validText(slot, known.a)}\u0000`, "\u0000", `a\u0000${"b".repeat(5)}`],
    );
    const wrong = answered.filter(({ slot, response }) => {
      if (response instanceof Error || response.status !== 400) return true;
      return !(slot.field in (JSON.parse(response.text).Errors ?? {}));
    });
    expect(
      wrong.map(
        ({ slot, request, response }) =>
          `${slot.field}: ${response instanceof Error ? response.message : `${response.status} ${response.text.slice(0, 200)}`} ← ${describeRequest(request)}`,
      ),
    ).toEqual([]);
    expect(answered.filter(({ slot }) => slot.kind === "free").length).toBeGreaterThanOrEqual(4 * REFUSED_FREE_JSON.length);
    expect(await snapshot(appA)).toEqual(before);
  }, 120_000);

  it("other control characters in any one parameter or string member never get a 5xx or an undocumented answer", async () => {
    const answered = await sweep(appB, known.b, (slot) =>
      slot.kind === "free" ? [] : CONTROLS.map((control) => `${validText(slot, known.b)}${control}`),
    );
    const broken = answered.flatMap(({ request, response }) => {
      const problem = response instanceof Error ? response.message : violation({ ...request, mustReject: false }, response, operations);
      return problem ? [`${problem} ← ${describeRequest(request)}`] : [];
    });
    expect(broken).toEqual([]);
    expect(answered.length).toBeGreaterThan(100);
  }, 120_000);

  it("a path segment that cannot be decoded gets a 400 problem, not Next's 500", async () => {
    for (const segment of ["%C0%80", "%G1", "%ED%A0%80", "%"]) {
      const target = `/v3/agencias/${segment}`;
      const response = await signedFetchRaw(appA, target);
      expect(response.status, target).toBe(400);
      expect(response.headers["content-type"]).toBe("application/problem+json; charset=utf-8");
    }
  });

  it("logs no error while fuzzing", () => {
    const lines = readFileSync(server().logFile).subarray(logOffset).toString("utf8").split("\n");
    const errors = lines.filter((line) => line.includes('"level":50') || line.includes('"level":60'));
    expect(errors.slice(0, 5)).toEqual([]);
  });
});
