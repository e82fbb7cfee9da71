import path from "node:path";
import { firstLoadJs } from "../lib/bundle";
import { quantile } from "../lib/load";
import { note, step } from "../lib/proc";
import { ADMIN_MAIL, DIST, fmt, md, root, table, verdict, vitrinaUrl } from "./context";

export async function panelStep() {
  step("4. Panel: TTFB de /panel/consultas con la sesión del admin de la demo");
  const csrf = await fetch(`${vitrinaUrl}/api/auth/csrf`);
  const cookies = new Map<string, string>();
  const keep = (response: Response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ""] = cookie.split(";");
      const eq = pair.indexOf("=");
      cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  };
  keep(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  const signIn = await fetch(`${vitrinaUrl}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookieHeader() },
    body: new URLSearchParams({
      csrfToken,
      email: "admin@demo.vitrina.local",
      password: "demo-admin-2026",
      callbackUrl: `${vitrinaUrl}/panel`,
      json: "true",
    }),
  });
  keep(signIn);
  if (![...cookies.keys()].some((name) => name.includes("session-token")))
    throw new Error(`No se pudo ingresar al Panel: ${signIn.status}`);
  const ROUNDS = 40;
  const ttfb: number[] = [];
  const full: number[] = [];
  for (let round = 0; round < ROUNDS + 3; round++) {
    const began = performance.now();
    const response = await fetch(`${vitrinaUrl}/panel/consultas`, { headers: { Cookie: cookieHeader() }, redirect: "manual" });
    const headersAt = performance.now();
    const html = await response.text();
    const done = performance.now();
    if (response.status !== 200 || !html.includes("Consultas")) throw new Error(`/panel/consultas: ${response.status}`);
    if (round >= 3) {
      ttfb.push(headersAt - began);
      full.push(done - began);
    }
  }
  const row = [quantile(ttfb, 0.5), quantile(ttfb, 0.95), quantile(full, 0.5), quantile(full, 0.95)];
  note(`TTFB p50 ${fmt(row[0] ?? 0)} p95 ${fmt(row[1] ?? 0)} ms · documento completo p50 ${fmt(row[2] ?? 0)} p95 ${fmt(row[3] ?? 0)} ms`);
  md.push(`### 4. Panel`, "");
  md.push(
    `Signed in as \`admin@demo.vitrina.local\` through next-auth's credentials callback, then ${ROUNDS} sequential \`GET /panel/consultas\` (after 3 warm-up requests): the page of the first agency, ${ADMIN_MAIL}, whose list is fetched server-side through the signed v3 client. TTFB = response headers received; the document streams, so the complete body is shown too.`,
    "",
  );
  table(
    ["page", "TTFB p50 ms", "TTFB p95 ms", "whole document p50 ms", "p95 ms"],
    [["/panel/consultas", ...row.map((value) => fmt(value))]],
  );
  verdict((row[1] ?? Number.POSITIVE_INFINITY) <= 300, `inbox TTFB p95 ≤ 300 ms: ${fmt(row[1] ?? Number.NaN)} ms`);

  const pages = firstLoadJs(path.join(root, DIST));
  md.push(
    `**First-load JS per page** (\`${DIST}/\`: build-manifest \`rootMainFiles\` plus every chunk in the route's client reference manifest \`entryJSFiles\`, gzip level 6; kB = 1,000 bytes):`,
    "",
  );
  table(
    ["page", "chunks", "gzip kB"],
    pages.map((page) => [`\`${page.route}\``, page.files, fmt(page.gzipBytes / 1000)]),
  );
  const over = pages.filter((page) => page.gzipBytes > 200_000);
  verdict(
    over.length === 0,
    `first-load JS ≤ 200 kB gzip per page: ${over.length === 0 ? `largest ${fmt(Math.max(...pages.map((page) => page.gzipBytes)) / 1000)} kB` : `over on ${over.map((page) => `${page.route} (${fmt(page.gzipBytes / 1000)} kB)`).join(", ")}`}`,
  );
}
