import autocannon from "autocannon";
import { signRequest } from "@/lib/http/signing";
import { type Credentials, type LoadResult, load, loadResult } from "../lib/load";
import { note, run, start, step, stop } from "../lib/proc";
import {
  ADMIN_MAIL,
  fmt,
  int,
  log,
  md,
  npm,
  QUICK,
  query,
  SECONDS,
  serverEnv,
  sleep,
  table,
  verdict,
  vitrinaUrl,
  WARM_UP_SECONDS,
  WORKERS,
} from "./context";

/**
 * Issue 32's figures: creating listings at 16 connections, the list of an agency with 10,000
 * listings at 16 connections, and the photo checks' rate (not in a quick run). Run on the demo
 * agency after the other steps (its listings grow by 10,000). Judged against the same run's
 * enquiries: the list's p99 against the enquiry list's, creating a listing against ingesting an
 * enquiry (req/s at 16 connections, one agency, each a transaction with its notification).
 */

const LISTINGS = 10_000;
const PHOTOS = Number(process.env.BENCH_FOTOS ?? 400);
export const listPath = `/v3/publicaciones/${ADMIN_MAIL}`;

/** POST /v3/publicaciones under autocannon: each request a new car, signed with its Digest. */
export async function createListings(credentials: Credentials, connections: number, seconds: number): Promise<LoadResult> {
  const tag = Date.now().toString(36);
  let n = 0;
  const result = await autocannon({
    url: vitrinaUrl,
    connections,
    duration: seconds,
    timeout: 30,
    requests: [
      {
        method: "POST",
        path: listPath,
        setupRequest: (request) => {
          const body = JSON.stringify({
            ExternalId: `BENCH-${tag}-${n++}`,
            Marca: "vw",
            Modelo: "Amarok",
            Version: "V6 Highline 4x4",
            VersionYear: 2022,
            Kilometraje: 35_000,
            Precio: { Moneda: "USD", Importe: 42_000 },
            Exposicion: "Baja",
          });
          const signed = signRequest({
            method: "POST",
            pathAndQuery: listPath,
            appKey: credentials.AppKey,
            appSecret: credentials.AppSecret,
            body,
          });
          return { ...request, body, headers: { Accept: "application/json", "Content-Type": "application/json", ...signed } };
        },
      },
    ],
  });
  return loadResult(result);
}

/** The app's listings of the agency brought to 10,000 by copying one of those just created (suspended by the app). */
export async function fillTo(count: number): Promise<number> {
  const [template] = await query<{ id: string; agencia_id: string; app_id: string }>(
    "select id, agencia_id, app_id from publicaciones where external_id like 'bench-%' order by created_at limit 1",
  );
  if (!template) throw new Error("No se creó ninguna publicación");
  const [{ total } = { total: 0 }] = await query<{ total: number }>(
    "select count(*)::int as total from publicaciones where agencia_id = $1 and app_id = $2",
    [template.agencia_id, template.app_id],
  );
  const missing = Math.max(0, count - total);
  await query(
    `insert into publicaciones (id, app_id, agencia_id, external_id, external_id_original, ref_stock, marca_id, marca, modelo_id, modelo,
       version, version_year, kilometraje, precio, carroceria_id, carroceria, color_id, color, combustible, transmision, descripcion,
       operador_responsable, estado, motivo, exposicion_pedida, exposicion, auto, created_at, modificada, activada)
     select 'bench-copia-' || g, app_id, agencia_id, external_id || '-c' || g, external_id_original || '-C' || g, ref_stock, marca_id, marca,
       modelo_id, modelo, version, version_year, kilometraje, precio, carroceria_id, carroceria, color_id, color, combustible, transmision,
       descripcion, operador_responsable, 'suspendida', 'app', exposicion_pedida, null, auto,
       now() - g * interval '1 second', now() - g * interval '1 second', null
     from publicaciones, generate_series(1, $2::int) g where id = $1`,
    [template.id, missing],
  );
  await query("vacuum analyze publicaciones");
  return total + missing;
}

/** Photos of the bench's listings on the demo's own photos; the workers check them; checks per second, first to last. */
async function photoRate(): Promise<{ checked: number; ok: number; rate: number }> {
  await query(
    `insert into publicacion_fotos (publicacion_id, url, posicion)
     select id, $1 || '/demo/fotos/' || (1 + n % 24) || '.jpg?bench=' || n, 0
     from (select id, row_number() over (order by id) as n from publicaciones where id like 'bench-copia-%' limit $2) listings`,
    [vitrinaUrl, PHOTOS],
  );
  const workers = Array.from({ length: WORKERS }, (_, i) =>
    start(`foto-worker-${i + 1}`, npm, ["run", "worker"], serverEnv, log(`foto-worker-${i + 1}`)),
  );
  const pending = async () =>
    (await query<{ n: number }>("select count(*)::int as n from publicacion_fotos where estado = 'pendiente' and url like '%?bench=%'"))[0]
      ?.n ?? 0;
  const deadline = Date.now() + 300_000;
  while ((await pending()) > 0 && Date.now() < deadline) await sleep(500);
  await Promise.all(workers.map((worker) => stop(worker)));
  const [facts] = await query<{ checked: number; ok: number; seconds: number }>(
    `select count(*)::int as checked, count(*) filter (where estado = 'ok')::int as ok,
            extract(epoch from max(comprobada_at) - min(comprobada_at))::float as seconds
     from publicacion_fotos where url like '%?bench=%' and estado <> 'pendiente'`,
  );
  const checked = facts?.checked ?? 0;
  return { checked, ok: facts?.ok ?? 0, rate: checked > 1 ? (checked - 1) / (facts?.seconds ?? Number.NaN) : Number.NaN };
}

/** The demo agency's package raised to 1,000,000 publications, all of them Baja: creations never run out of room. */
export async function raisePackage() {
  await run(
    npm,
    [
      "run",
      "-s",
      "admin",
      "--",
      "agency",
      "plan",
      "--admin",
      ADMIN_MAIL,
      "--plan",
      "Bench",
      "--estado",
      "activo",
      "--publicaciones",
      "1000000",
      "--baja",
      "1000000",
    ],
    serverEnv,
  );
}

export async function publicacionesStep(credentials: Credentials, enquiries: { listP99: number; ingested: number }) {
  step(`Publicaciones: crear a 16 conexiones (${SECONDS} s), la lista de ${int(LISTINGS)}${QUICK ? "" : `, ${PHOTOS} fotos revisadas`}`);
  await raisePackage();
  await createListings(credentials, 16, WARM_UP_SECONDS);
  const created = await createListings(credentials, 16, SECONDS);
  note(`crear @16: ${fmt(created.rps, 0)} req/s p50 ${created.p50} p99 ${created.p99} ms, ${created.failures} fallidas`);
  const listings = await fillTo(LISTINGS);
  await load({ baseUrl: vitrinaUrl, path: listPath, connections: 16, seconds: WARM_UP_SECONDS, credentials });
  const listed = await load({ baseUrl: vitrinaUrl, path: listPath, connections: 16, seconds: SECONDS, credentials });
  note(`lista de ${int(listings)} @16: ${fmt(listed.rps, 0)} req/s p50 ${listed.p50} p99 ${listed.p99} ms`);
  const photos = QUICK ? undefined : await photoRate();
  if (photos) note(`fotos: ${photos.checked} revisadas (${photos.ok} ok) a ${fmt(photos.rate, 0)}/s con ${WORKERS} workers`);

  md.push("### Listings (issue 32)", "");
  md.push(
    `The demo agency's package raised to 1,000,000 publications (\`agency plan\`). Creating: \`POST ${listPath}\` under autocannon, each request a new car (Activa, level Baja, no photos) signed with its Digest, ${SECONDS} s after ${WARM_UP_SECONDS} s of warm-up. The list: the app's listings of that agency brought to ${int(listings)} by copying one (suspended by the app), \`VACUUM ANALYZE\`, then its first page.${photos ? ` Photos: ${PHOTOS} photos added on the demo's own sample photos (\`/demo/fotos/N.jpg\`, 7 KB JPEGs served by Next), checked by ${WORKERS} \`npm run worker\` processes; rate = checks ÷ (last − first check).` : ""}`,
    "",
  );
  table(
    ["measure", "req/s or checks/s", "p50 ms", "p99 ms", "failures"],
    [
      ["create a listing @16", fmt(created.rps, 0), created.p50, created.p99, created.failures],
      [`list of ${int(listings)} listings, page 1 @16`, fmt(listed.rps, 0), listed.p50, listed.p99, listed.failures],
      ...(photos
        ? [[`photo checks (${photos.ok} of ${photos.checked} ok)`, fmt(photos.rate, 0), "—", "—", photos.checked - photos.ok]]
        : []),
    ],
  );
  verdict(
    listed.p99 <= enquiries.listP99,
    `list of ${int(listings)} listings at 16 connections p99 ≤ the enquiry list's: ${listed.p99} ms vs ${enquiries.listP99} ms`,
  );
  verdict(
    created.rps >= enquiries.ingested && created.failures === 0,
    `creating a listing costs no more than ingesting an enquiry (req/s at 16 connections, the same run): ${fmt(created.rps, 0)} vs ${fmt(enquiries.ingested, 0)} req/s (${fmt((100 * created.rps) / enquiries.ingested, 0)} %; ${created.failures} failed)`,
  );
}
