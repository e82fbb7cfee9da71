import { execSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { signedFetch } from "./lib/load";
import { note, run, start, step, stepSeconds, stop, stopAll } from "./lib/proc";
import { alertasStep } from "./steps/alertas";
import {
  ADMIN_MAIL,
  admin,
  baselineUrl,
  DATABASE,
  DATABASE_URL,
  DIST,
  discover,
  fmt,
  int,
  log,
  machine,
  md,
  N,
  N_PGLITE,
  ports,
  QUICK,
  root,
  serverEnv,
  sleep,
  startVitrina,
  tsx,
  verdicts,
  vitrinaUrl,
  work,
} from "./steps/context";
import { explainStep } from "./steps/explain";
import { ingestStep } from "./steps/ingest";
import { loadStep } from "./steps/load";
import { panelStep } from "./steps/panel";
import { pgliteStep, preparePglite } from "./steps/pglite";
import { publicacionesStep } from "./steps/publicaciones";
import { searchStep } from "./steps/search";
import { issue31Verdicts } from "./steps/targets";
import { webhookStep } from "./steps/webhooks";

/**
 * npm run bench: issue 8's measurements in one run (issues 31 and 32's ratios alone with `-- --quick`), on PostgreSQL with the demo data (see
 * docs/performance.md); each measurement is a step of its own in bench/steps/. Env: BENCH_CONSULTAS
 * (1000000), BENCH_PGLITE_CONSULTAS (200000), BENCH_SECONDS per load run at 16 connections (6), BENCH_WORKERS (2),
 * BENCH_PORT (first of five ports, 3990), BENCH_PG_ADMIN_URL (postgres://postgres@127.0.0.1:5432/postgres),
 * BENCH_DATABASE (vitrina_bench: created, dropped first and at the end).
 */

/** The requests a quick run compares with the baseline: the list, the detail and the catalogues. */
const QUICK_PATHS = ["list, page 1", "detail", "marcas", "marcas bestmatch (make=volksvagen)"];
const pick = (paths: Record<string, string>, names: string[]) =>
  Object.fromEntries(Object.entries(paths).filter(([name]) => names.includes(name)));

// ── Main ────────────────────────────────────────────────────────────────────────────────────────

async function main() {
  const began = Date.now();
  const host = machine();
  const loadBefore = os.loadavg()[0]?.toFixed(1);
  note(`Máquina: ${host.text} · commit ${host.commit}`);
  // A build is reused only for the clean commit it was made from: another's would measure old code.
  const builtFor = path.join(root, DIST, "vitrina-commit");
  const current = existsSync(path.join(root, DIST, "BUILD_ID")) && existsSync(builtFor) && readFileSync(builtFor, "utf8") === host.commit;
  if (!current || host.commit.includes(" plus ")) {
    step(`Compilando (NEXT_DIST_DIR=${DIST} next build)`);
    await run(path.join(root, "node_modules/.bin/next"), ["build"], { ...process.env, NEXT_DIST_DIR: DIST });
    execSync("git checkout tsconfig.json");
    writeFileSync(builtFor, host.commit);
  }
  step(`Base de datos ${DATABASE} (se descarta la anterior)`);
  await admin(`drop database if exists ${DATABASE} with (force)`);
  await admin(`create database ${DATABASE}`);
  step(`Servidor Vitrina en ${vitrinaUrl} (logs en ${work})`);
  const vitrina = await startVitrina("vitrina", serverEnv, vitrinaUrl);
  step(`seed demo --consultas ${N.toLocaleString("es-AR")}`);
  const found = await discover(vitrinaUrl, serverEnv, "seed demo", N);
  note(`seed ${fmt(found.seedSeconds)} s · app ${found.appKey} · Total visible de ${ADMIN_MAIL}: ${found.total}`);
  step(
    `VACUUM ANALYZE y CHECKPOINT (lo que autovacuum y el checkpointer harían después de la carga masiva)${QUICK ? "" : `; a la vez, PGlite con ${N_PGLITE.toLocaleString("es-AR")} consultas (paso 5)`}`,
  );
  // The embedded server's seed goes beside the vacuum, before anything is measured (decision 0123).
  const [, pglite] = await Promise.all([
    run("psql", [DATABASE_URL, "-qc", "vacuum analyze", "-c", "checkpoint"], process.env),
    QUICK ? undefined : preparePglite(),
  ]);
  step(`Baseline en ${baselineUrl}`);
  const baseline = start("baseline", tsx, ["bench/baseline.ts"], { ...serverEnv, PORT: String(ports.baseline) }, log("baseline"));
  await sleep(1500);
  for (
    let i = 0;
    i < 40 && (await signedFetch(baselineUrl, found.credentials, "GET", "/v3/marcas").catch(() => undefined))?.status !== 200;
    i++
  )
    await sleep(500);
  note(readFileSync(log("baseline"), "utf8").trim());

  const pgResults = await loadStep(found.credentials, QUICK ? pick(found.paths, QUICK_PATHS) : found.paths, vitrina, baseline);
  const ingested = await ingestStep(found.credentials, found.externalId);
  let webhooks: Awaited<ReturnType<typeof webhookStep>> | undefined;
  const listAt16 = pgResults.find((result) => result.name === "list, page 1" && result.connections === 16);
  if (!QUICK) {
    await searchStep(found.credentials, found.searchPaths, listAt16?.vitrina.p99 ?? Number.NaN, found.externalId);
    await explainStep(found.paths);
  }
  await stop(baseline);
  await alertasStep(found.credentials, found.externalId);
  if (!QUICK) {
    webhooks = await webhookStep(found.credentials, found.externalId);
    await panelStep();
  }
  await publicacionesStep(found.credentials, { listP99: listAt16?.vitrina.p99 ?? Number.NaN, ingested: ingested.vitrina });
  await stop(vitrina);
  if (pglite) await pgliteStep(pglite, pgResults);
  issue31Verdicts({ seedSeconds: found.seedSeconds, reads: pgResults, webhooks, minutes: (Date.now() - began) / 60_000 });

  const minutes = ((Date.now() - began) / 60_000).toFixed(0);
  const date = new Date().toISOString().slice(0, 10);
  const section = [
    QUICK
      ? `## ${date} · Issues 31 and 32 ratios: \`npm run bench -- --quick\` (${int(N)} enquiries)`
      : `## ${date} · Issues 8, 21, 31 and 32 targets: \`npm run bench\` (${int(N)} enquiries)`,
    "",
    `**Machine:** ${host.text}. Load generator, servers, workers and PostgreSQL share the machine; load average (1 min) ${loadBefore} at the start and ${os.loadavg()[0]?.toFixed(1)} at the end (above 2, other processes were using the cores too). **Commit:** ${host.commit}. **Run time:** ${minutes} min.`,
    "",
    "```sh",
    `${N === (QUICK ? 20_000 : 1_000_000) ? "" : `BENCH_CONSULTAS=${N} `}${QUICK || N_PGLITE === Math.min(N, 200_000) ? "" : `BENCH_PGLITE_CONSULTAS=${N_PGLITE} `}npm run bench${QUICK ? " -- --quick" : ""}`,
    "```",
    "",
    `It creates \`${DATABASE}\` (dropped first and at the end), starts \`npm start\` on it (\`SEED_DEMO=false\`, webhooks to private http allowed, rate limits at 10⁹ a minute: counted, never reached), seeds \`seed demo --consultas ${N}\` (${fmt(found.seedSeconds)} s), rotates the demo app's secret for its credentials, runs \`VACUUM ANALYZE\` and a \`CHECKPOINT\` on the database (so the bulk load's dirty pages are written before, not during, the load runs), and measures. The list is ${ADMIN_MAIL}'s, ${int(found.total)} enquiries visible in 90 days.`,
    "",
    QUICK ? "**Issues 31 and 32's ratios (a quick run: the other targets are not judged):**" : "**Targets of issues 8, 21, 31 and 32:**",
    "",
    ...verdicts,
    "",
    ...md,
    "### Run time by step",
    "",
    "| step | s |",
    "| --- | ---: |",
    ...stepSeconds().map(([message, seconds]) => `| ${message.replaceAll("|", "·")} | ${fmt(seconds, 0)} |`),
    "",
  ].join("\n");
  writeFileSync(path.join(work, "section.md"), section);
  const docFile = path.join(root, "docs/performance.md");
  const doc = readFileSync(docFile, "utf8");
  const marker = doc.indexOf("\n## ");
  writeFileSync(docFile, marker < 0 ? `${doc.trimEnd()}\n\n${section}\n` : `${doc.slice(0, marker)}\n${section}\n${doc.slice(marker)}`);
  step(`Listo en ${minutes} min: sección agregada al principio de docs/performance.md`);
  console.log(`\n${verdicts.join("\n")}`);
}

let failed = false;
try {
  await main();
} catch (error) {
  failed = true;
  console.error(`\n✖ ${(error as Error).stack ?? error}`);
  console.error(`  Logs en ${work}`);
} finally {
  step("Limpieza: procesos iniciados y base de datos");
  await stopAll();
  await admin(`drop database if exists ${DATABASE} with (force)`).catch((error) =>
    console.error(`  no se pudo descartar ${DATABASE}: ${error.message}`),
  );
  if (!failed && !process.env.BENCH_KEEP_LOGS) rmSync(work, { recursive: true, force: true });
  process.exit(failed ? 1 : 0);
}
