import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { type Credentials, createApp } from "../support/client";
import { call, enquiry, interesado, publish, registered } from "../support/consultas";

/**
 * Isolation, as a property: random sequences of reads and writes by apps A and B over every
 * agency, enquiry and webhook either of them knows; no response to one app ever carries what only
 * the other may see (its listings, its enquiries and their buyers, its webhook configuration and
 * deliveries, its credentials), whatever the request.
 */

type Side = "A" | "B";
const apps = {} as Record<Side, Credentials>;
const agencies: string[] = [];
const sids: string[] = [];
const deliveries: string[] = ["01ARZ3NDEKTSV4RRFFQ69G5FAV"];
/** Strings only that side may ever receive. */
const privateTo: Record<Side, Set<string>> = { A: new Set(), B: new Set() };

const other = (side: Side): Side => (side === "A" ? "B" : "A");
const tag = () => Math.random().toString(36).slice(2, 10);

beforeAll(async () => {
  [apps.A, apps.B] = await Promise.all([createApp("Aislada A"), createApp("Aislada B")]);
  for (const side of ["A", "B"] as const) {
    privateTo[side].add(apps[side].AppKey);
    const callback = `http://127.0.0.1:9/receptor-${side}-${tag()}`;
    privateTo[side].add(callback);
    expect(
      (
        await call(apps[side], "POST", "/v3/appnotificaciones/consultas", {
          Callback: callback,
          Secret: `secreto-${side}-${tag()}-0123456789`,
        })
      ).status,
    ).toBe(201);
  }
  const onlyA = await registered([[apps.A, true]]);
  const onlyB = await registered([[apps.B, true]]);
  // Shared: A gets its catalogue enquiries, B does not.
  const shared = await registered([
    [apps.A, true],
    [apps.B, false],
  ]);
  agencies.push(onlyA, onlyB, shared);

  const listingsOf = async (side: Side, mail: string) => {
    const externalId = `${side}-${tag()}`;
    expect((await publish(apps[side], mail, externalId)).status).toBe(201);
    privateTo[side].add(externalId.toLowerCase());
    return externalId;
  };
  const buyer = async (side: Side, body: Record<string, unknown>) => {
    const email = `comprador-${side.toLowerCase()}-${tag()}@ejemplo.test`;
    const sid = await enquiry({ ...body, Interesado: interesado({ Email: email }) });
    privateTo[side].add(sid).add(email);
    sids.push(sid);
  };
  for (const [side, mail] of [
    ["A", onlyA],
    ["B", onlyB],
    ["A", shared],
    ["B", shared],
  ] as const) {
    await buyer(side, { AdminMail: mail, ExternalId: await listingsOf(side, mail), TipoAnuncio: "publicacion" });
  }
  await buyer("A", {
    AdminMail: shared,
    ExternalId: "",
    TipoAnuncio: "catalogo",
    Auto: { Marca: "Fiat", Modelo: "Cronos", Estado: "nuevo" },
  });
  for (const side of ["A", "B"] as const) {
    const response = await call(apps[side], "GET", "/v3/appnotificaciones/consultas/entregas");
    const { _entries } = (await response.json()) as { _entries: { Id: string }[] };
    for (const { Id } of _entries) {
      privateTo[side].add(Id);
      deliveries.push(Id);
    }
  }
}, 180_000);

/** A new webhook configuration for the side that sends it: its Callback and custom header are that side's own. */
const webhookBody = fc.stringMatching(/^[a-z0-9]{8}$/).map((suffix) => (side: Side) => {
  const body = {
    Callback: `http://127.0.0.1:9/nuevo-${side}-${suffix}`,
    HeaderCustom01: { Name: "X-Cliente", Value: `cliente-${side}-${suffix}` },
  };
  privateTo[side].add(body.Callback).add(body.HeaderCustom01.Value);
  return body;
});

const agency = () => fc.constantFrom(...agencies);
const sid = () => fc.constantFrom(...sids);
/** Built once the fixtures exist (the agencies and enquiries the arbitraries pick from). */
const operations = () =>
  fc.oneof(
    fc.constant(["GET", "/v3/agencias"] as const),
    fc.constantFrom("pendiente", "registrada", "desasociada").map((estado) => ["GET", `/v3/agencias?estado=${estado}`] as const),
    agency().map((mail) => ["GET", `/v3/agencias/${mail}`] as const),
    agency().map((mail) => ["GET", `/v3/agencias/${mail}/productos`] as const),
    agency().map((mail) => ["GET", `/v3/consultas/${mail}`] as const),
    fc
      .tuple(
        agency(),
        fc.constantFrom("?externalid=a", "?pagina=2", `?desde=${new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)}`),
      )
      .map(([mail, query]) => ["GET", `/v3/consultas/${mail}${query}`] as const),
    fc.tuple(agency(), sid()).map(([mail, one]) => ["GET", `/v3/consultas/${mail}/${one}`] as const),
    fc.tuple(agency(), sid()).map(([mail, one]) => ["POST", `/v3/consultas/${mail}/${one}/resendwebhook`] as const),
    fc
      .constantFrom("/v3/appnotificaciones", "/v3/appnotificaciones/consultas", "/v3/appnotificaciones/consultas/entregas")
      .map((path) => ["GET", path] as const),
    agency().map((mail) => ["PUT", `/v3/agencias/${mail}`, { Nombre: "Intento ajeno", Telefono: "+54 11 5555-0000" }] as const),
    agency().map((mail) => ["POST", "/v3/agencias", { AdminMail: mail }] as const),
    webhookBody.map((body) => ["PUT", "/v3/appnotificaciones/consultas", body] as const),
    fc.constant(["POST", "/v3/appnotificaciones/consultas/prueba"] as const),
    fc
      .constantFrom(...deliveries)
      .chain((id) =>
        fc.constantFrom(
          ["GET", `/v3/appnotificaciones/consultas/entregas/${id}`] as const,
          ["POST", `/v3/appnotificaciones/consultas/entregas/${id}/reintentar`] as const,
        ),
      ),
  );

describe("isolation between apps", () => {
  it("no response to one app carries what only the other may see", async () => {
    let requests = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.constantFrom<Side>("A", "B"), operations()), { minLength: 5, maxLength: 15 }),
        async (steps) => {
          for (const [side, [method, path, body]] of steps) {
            const response = await call(apps[side], method, path, typeof body === "function" ? body(side) : body);
            requests++;
            expect(response.status, `${side} ${method} ${path}`).toBeLessThan(500);
            // A problem's Instance echoes the caller's own request path: that is not a leak.
            const text = (await response.text()).split(path).join("");
            const leaked = [...privateTo[other(side)]].filter((secret) => text.includes(secret));
            expect(leaked, `${side} ${method} ${path} → ${response.status}`).toEqual([]);
          }
        },
      ),
      { numRuns: 40 },
    );
    expect(requests).toBeGreaterThan(300);
  }, 240_000);
});
