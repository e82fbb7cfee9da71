import pg from "pg";
import { expect } from "vitest";
import { autoDePrueba } from "./auto";
import { type Demo, operarEn, type ServerEnv } from "./operador";
import { api, type Credenciales, marketplace } from "./panel-consultas";

/**
 * Fixtures of the operator's tests (issue 9's crashes, issue 22's metrics and restarts): the demo
 * app and agency with a listing and a consultas webhook, an enquiry's body, a connection to a test
 * service's own database, and a scrape of /metrics read as samples.
 */

/**
 * The demo app and agency, the listing `externalId` of it, and the app's consultas webhook pointed at
 * `callback` (signed with `secret` when given).
 */
export async function demoConWebhook(server: ServerEnv, callback: string, externalId: string, secret?: string) {
  const seeded = await operarEn<Demo>(server, "seed.demo", { consultas: 0 });
  const { AppSecret } = await operarEn<{ AppSecret: string }>(server, "app.rotate-secret", { app: seeded.AppKey });
  const app: Credenciales = { AppKey: seeded.AppKey, AppSecret };
  const adminMail: string = seeded.Agencias[0];
  const publicacion = { AppKey: app.AppKey, AdminMail: adminMail, ExternalId: externalId, Auto: autoDePrueba() };
  expect((await marketplace(server, "publicaciones", publicacion)).status).toBe(201);
  expect(
    (await api(server, app, "POST", "/v3/appnotificaciones/consultas", { Callback: callback, ...(secret && { Secret: secret }) })).status,
  ).toBe(201);
  return { app, adminMail };
}

/** The body of an enquiry about the listing, from client `index`'s `n`-th buyer. */
export function consultaDePrueba(adminMail: string, externalId: string, index: number, n: number) {
  return {
    AdminMail: adminMail,
    ExternalId: externalId,
    TipoAnuncio: "publicacion",
    OrigenLead: "form",
    Interesado: {
      Interes: "compra",
      Nombre: `Cliente ${index}`,
      Apellido: `N ${n}`,
      Email: `c${index}.${n}@operacion.test`,
      Comentario: "",
    },
  };
}

/** GET /metrics of a process, as Prometheus scrapes it. */
export async function scrape(base: string, token?: string): Promise<string> {
  const response = await fetch(`${base}/metrics`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`/metrics answered ${response.status}: ${text}`);
  return text;
}

/** The sum of the samples named `name` whose labels include `labels` (undefined when there is none). */
export function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  let total: number | undefined;
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = Object.fromEntries([...(match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((pair) => [pair[1], pair[2]]));
    if (Object.entries(labels).every(([key, value]) => present[key] === value)) total = (total ?? 0) + Number(match[3]);
  }
  return total;
}

/** A connection to a test service's own (scratch) database, for `use` only. */
export async function conLaBase<T>(databaseUrl: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}
