import { execSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { type Credentials, signedFetch } from "../lib/load";
import { run, type Started, start, waitFor } from "../lib/proc";

/** What every step of `npm run bench` shares: its settings, the servers' environment, the report it writes. */

export const root = process.cwd();
/** `npm run bench -- --quick`: a small data set and the side-by-side ratios only, for use while working. */
export const QUICK = process.argv.includes("--quick");
export const N = Number(process.env.BENCH_CONSULTAS ?? (QUICK ? 20_000 : 1_000_000));
export const N_PGLITE = Number(process.env.BENCH_PGLITE_CONSULTAS ?? Math.min(N, 200_000));
/**
 * A measured run at the targets' level (16 connections). Six seconds are thousands of requests at
 * every rate the bench sees (over 100/s), and the median of three runs evens out the machine's
 * drift (decision 0123).
 */
export const SECONDS = Number(process.env.BENCH_SECONDS ?? (QUICK ? 5 : 6));
/** A single run at 1 or 64 connections, which no target judges: the same shape, fewer requests. */
export const SHORT_SECONDS = Math.min(SECONDS, 4);
/** Warming a request up before its runs: its statements are prepared and its code compiled after the first second. */
export const WARM_UP_SECONDS = 2;
export const WORKERS = Number(process.env.BENCH_WORKERS ?? 2);
export const PORT = Number(process.env.BENCH_PORT ?? 3990);
const ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
export const DATABASE = process.env.BENCH_DATABASE ?? "vitrina_bench";
export const DATABASE_URL = ADMIN_URL.replace(/\/[^/]*$/, `/${DATABASE}`);
export const DIST = process.env.NEXT_DIST_DIR || ".next-bench";
export const ADMIN_MAIL = "ventas@autosdelplata.com.ar";
export const CONNECTIONS = QUICK ? [16] : [1, 16, 64];
/** Runs of each server at 16 connections, the targets' level: the machine's speed drifts from minute to minute. */
export const RUNS_AT_16 = Number(process.env.BENCH_RUNS_AT_16 ?? (QUICK ? 1 : 3));
export const ports = { vitrina: PORT, baseline: PORT + 1, receiver: PORT + 2, pglite: PORT + 3 };
export const vitrinaUrl = `http://127.0.0.1:${ports.vitrina}`;
export const baselineUrl = `http://127.0.0.1:${ports.baseline}`;
export const work = mkdtempSync(path.join(os.tmpdir(), "vitrina-bench-"));
export const log = (name: string) => path.join(work, `${name}.log`);
export const npm = "npm";
export const tsx = path.join(root, "node_modules/.bin/tsx");

export const secrets = {
  SECRETS_KEY: randomBytes(32).toString("hex"),
  AUTH_SECRET: randomBytes(32).toString("hex"),
  MARKETPLACE_TOKEN: `bench-${randomBytes(16).toString("hex")}`,
};
export const serverEnv: NodeJS.ProcessEnv = {
  ...process.env,
  ...secrets,
  NEXT_DIST_DIR: DIST,
  DATABASE_URL,
  SEED_DEMO: "false",
  PORT: String(ports.vitrina),
  PUBLIC_BASE_URL: vitrinaUrl,
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true",
  WEBHOOK_ALLOW_HTTP: "true",
  // The limiter stays on (its counting is part of every request) with quotas the load never reaches.
  RATE_LIMIT_APP: "1000000000",
  RATE_LIMIT_IP: "1000000000",
  NODE_ENV: "production",
};

/** The body of one enquiry about the agency's listing `externalId`, from buyer `index`. */
export const enquiryBody = (index: number, externalId: string, adminMail = ADMIN_MAIL) =>
  JSON.stringify({
    AdminMail: adminMail,
    ExternalId: externalId,
    TipoAnuncio: "publicacion",
    OrigenLead: "bench",
    Interesado: {
      Interes: "compra",
      Nombre: "Bench",
      Apellido: `N${index}`,
      Email: `bench${index}@example.com`,
      Comentario: "¿Sigue disponible?",
    },
  });

export const marketplaceHeaders = () => ({ Authorization: `Bearer ${secrets.MARKETPLACE_TOKEN}`, "Content-Type": "application/json" });

/** One enquiry about the agency's listing `externalId` through POST /marketplace/consultas. */
export const postEnquiry = (index: number, externalId: string, adminMail = ADMIN_MAIL) =>
  fetch(`${vitrinaUrl}/marketplace/consultas`, {
    method: "POST",
    headers: marketplaceHeaders(),
    body: enquiryBody(index, externalId, adminMail),
  });

export const fmt = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : "—");
export const int = (value: number) => (Number.isFinite(value) ? Math.round(value).toLocaleString("en-US") : "—");
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const md: string[] = [];
export const verdicts: string[] = [];
export const verdict = (met: boolean, text: string) => verdicts.push(`- ${met ? "**met**" : "**missed**"}: ${text}`);
export function table(header: string[], rows: (string | number)[][], align?: string[]) {
  md.push(`| ${header.join(" | ")} |`, `| ${header.map((_, i) => align?.[i] ?? (i === 0 ? "---" : "---:")).join(" | ")} |`);
  for (const row of rows) md.push(`| ${row.join(" | ")} |`);
  md.push("");
}

/** A statement on the benchmark's database, on a connection of its own. */
export async function query<T>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

export async function admin(sql: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

async function adminCli(args: string[], env: NodeJS.ProcessEnv, heartbeat?: string) {
  const out = await run(npm, ["run", "-s", "admin", "--", ...args, "--json"], env, { heartbeat });
  return JSON.parse(out.slice(out.indexOf("{"))) as Record<string, unknown>;
}

export async function startVitrina(name: string, env: NodeJS.ProcessEnv, url: string): Promise<Started> {
  const server = start(name, npm, ["start"], env, log(name));
  await waitFor(`${url}/v3/openapi.json`, 300_000, server);
  return server;
}

/** The demo app's credentials and the paths the load runs use, found through the API itself. */
export async function discover(baseUrl: string, env: NodeJS.ProcessEnv, heartbeat: string, count: number) {
  const began = performance.now();
  const seeded = await adminCli(["seed", "demo", "--consultas", String(count)], env, heartbeat);
  const seedSeconds = (performance.now() - began) / 1000;
  const credentials = (await adminCli(["app", "rotate-secret", "--app", String(seeded.AppKey)], env)) as unknown as Credentials;
  const list = `/v3/consultas/${ADMIN_MAIL}`;
  const first = await signedFetch(baseUrl, credentials, "GET", list);
  if (first.status !== 200) throw new Error(`${list}: ${first.status} ${await first.text()}`);
  const body = (await first.json()) as {
    Total: number;
    _entries: {
      OperadorResponsable: string;
      TipoAnuncio: string;
      Auto: { ExternalId?: string; Modelo: string };
      Interesado: { Apellido: string; Email: string };
      _links: { self: { href: string } };
    }[];
  };
  const entry = body._entries[0];
  if (!entry) throw new Error("La lista de consultas de la demo está vacía");
  const operador = body._entries.find((item) => item.OperadorResponsable !== ADMIN_MAIL)?.OperadorResponsable ?? entry.OperadorResponsable;
  const externalId = body._entries.find((item) => item.TipoAnuncio === "publicacion" && item.Auto.ExternalId)?.Auto.ExternalId;
  const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  const sid = entry._links.self.href.split("/").pop() ?? "";
  const paths = {
    "list, page 1": list,
    "list, filtered (operador + 30 days)": `${list}?operador=${operador}&desde=${monthAgo}`,
    "list, page 99": `${list}?pagina=99`,
    detail: `${list}/${sid}`,
    marcas: "/v3/marcas",
    "marcas bestmatch (make=volksvagen)": "/v3/marcas/bestmatch?make=volksvagen",
  };
  const q = (text: string) => `${list}?q=${encodeURIComponent(text)}`;
  const searchPaths = {
    "list, q = a surname": q(entry.Interesado.Apellido),
    "list, q = an e-mail": q(entry.Interesado.Email),
    "list, q = a model": q(entry.Auto.Modelo),
    "resumen (90 days)": `${list}/resumen`,
    "resumen (30 days)": `${list}/resumen?desde=${monthAgo}`,
  };
  for (const [name, p] of Object.entries({ ...paths, ...searchPaths })) {
    const response = await signedFetch(baseUrl, credentials, "GET", p);
    if (response.status !== 200) throw new Error(`${name} ${p}: ${response.status} ${await response.text()}`);
  }
  return { credentials, paths, searchPaths, total: body.Total, externalId, seedSeconds, appKey: String(seeded.AppKey) };
}

export function machine() {
  const pgVersion = execSync(`psql "${ADMIN_URL}" -Atc "show server_version"`, { encoding: "utf8" }).trim();
  const commit = execSync("git rev-parse --short HEAD", { encoding: "utf8" }).trim();
  const dirty = execSync("git status --porcelain -- app lib components scripts", { encoding: "utf8" }).split("\n").filter(Boolean).length;
  return {
    text: `${os.availableParallelism()} cores (${os.cpus()[0]?.model.trim()}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}, PostgreSQL ${pgVersion} on 127.0.0.1`,
    commit: dirty
      ? `${commit} plus ${dirty} uncommitted files under app/, lib/, components/, scripts/ (work in progress of others in the tree)`
      : commit,
  };
}
