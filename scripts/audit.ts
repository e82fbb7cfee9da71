import { spawnSync } from "node:child_process";

/**
 * npm run audit: `npm audit --omit=dev`, failing on any high or critical advisory (issue 9). The
 * advisories come from the registry's audit service; a registry that does not offer it (the mirror
 * of this project's machines answers 405) cannot be asked, and the script says so instead of failing.
 */

type Report = {
  metadata?: { vulnerabilities: Record<"info" | "low" | "moderate" | "high" | "critical", number> };
  statusCode?: number;
  message?: string;
};

const audit = spawnSync("npm", ["audit", "--omit=dev", "--json"], { encoding: "utf8" });
const report = JSON.parse(audit.stdout || "{}") as Report;
const counts = report.metadata?.vulnerabilities;
if (!counts) {
  console.log(
    `npm audit: el servicio de avisos del registro no respondió (${report.statusCode ?? report.message ?? audit.status}); no se pudo revisar.`,
  );
  process.exit(0);
}
console.log(
  `npm audit --omit=dev: ${Object.entries(counts)
    .map(([level, count]) => `${level} ${count}`)
    .join(", ")}`,
);
process.exit(counts.high + counts.critical > 0 ? 1 : 0);
