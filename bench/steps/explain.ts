import pg from "pg";
import { formatDateTime } from "@/lib/time";
import { note, step } from "../lib/proc";
import { detailStatement, pageSql, seekPageStatement, totalStatement, visibleSql } from "../lib/sql";
import { ADMIN_MAIL, DATABASE_URL, fmt, md, table } from "./context";

export async function explainStep(paths: Record<string, string>) {
  step("EXPLAIN ANALYZE de las consultas SQL de la lista y el detalle");
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ agencia: string; app: string; compartir: boolean }>(
      `select a.id as agencia, r.app_id as app, r.compartir_catalogo as compartir from agencias a join agencia_apps r on r.agencia_id = a.id where a.admin_mail = $1 limit 1`,
      [ADMIN_MAIL],
    );
    const v = rows[0];
    if (!v) return;
    const visible = visibleSql(v);
    const since = new Date(Date.now() - 90 * 86_400_000);
    const sid = paths.detail?.split("/").pop() ?? "";
    const list: [string, unknown[]] = [`${visible} and momento >= $3 and momento <= $4`, [v.agencia, v.app, since, new Date()]];
    const agency = { agenciaId: v.agencia, adminMail: ADMIN_MAIL, appId: v.app, compartir: v.compartir };
    const total = totalStatement({
      visible: agency,
      where: list[0],
      params: list[1],
      from: since,
      to: new Date(),
    });
    const seek = seekPageStatement({
      visible: agency,
      where: list[0],
      params: list[1],
      from: since,
      to: new Date(),
      offset: 4900,
    });
    const detail = detailStatement(v.app, ADMIN_MAIL, sid);
    const queries: [string, string, unknown[]][] = [
      ["page 1 (limit 50)", pageSql(list[0], 0), list[1]],
      ["page 99 (offset 4900, from the hour counters)", seek.text, seek.values],
      ["Total: counters and partial hours, one statement", total?.text ?? "select 0", total?.values ?? []],
      ["exact count(*) of the 90 days (what Total avoids)", `select count(*) from consultas where ${list[0]}`, list[1]],
      ["detail: agency, relation and enquiry in one query", detail.text, detail.values],
    ];
    const rowsOut: string[][] = [];
    for (const [name, sql, params] of queries) {
      const plan = await client.query<{ "QUERY PLAN": string }>(`explain (analyze, buffers) ${sql}`, params);
      const lines = plan.rows.map((row) => row["QUERY PLAN"]);
      const node = (lines.find((line) => /Scan|Aggregate/.test(line) && !/^\s*Limit/.test(line)) ?? lines[0] ?? "")
        .trim()
        .replace(/\s+\(cost=.*$/, "")
        .replace(/^->\s*/, "");
      const time = lines.find((line) => line.startsWith("Execution Time"))?.replace("Execution Time: ", "") ?? "";
      rowsOut.push([name, `\`${node}\``, time]);
      note(`${name}: ${node} · ${time}`);
    }
    md.push("**The list's SQL on its own** (EXPLAIN ANALYZE, largest agency, 90 days, after the load runs):", "");
    table(["query", "plan (main node)", "execution time"], rowsOut, ["---", "---", "---:"]);
    // The presenter's share: every entry's Momento goes through lib/time's formatDateTime.
    const zone = process.env.SERVICE_TIME_ZONE || "America/Argentina/Buenos_Aires";
    const began = performance.now();
    for (let i = 0; i < 2000; i++) formatDateTime(new Date(Date.now() - i * 7_000), zone);
    const perCall = ((performance.now() - began) * 1000) / 2000;
    note(`formatDateTime: ${fmt(perCall, 0)} µs por llamada`);
    md.push(
      `Node side: \`formatDateTime\` (lib/time.ts, one call per entry) takes ${fmt(perCall, 0)} µs a call here, so ${fmt((perCall * 52) / 1000)} ms of CPU for a page of 50 (the baseline uses it too).`,
      "",
    );
  } finally {
    await client.end();
  }
}
