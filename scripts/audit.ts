import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";

/**
 * npm run audit: `npm audit --omit=dev`, failing on any high or critical advisory (issue 9). The
 * advisories come from the registry's audit service. A registry that does not offer it (the mirror
 * of this project's machines answers 405) cannot be asked; then the check falls back to what the
 * registry can tell: every production dependency must be at the newest release its range allows
 * (`npm outdated`), since fixes ship as patch releases. It fails when one is behind.
 */

type Report = {
  metadata?: { vulnerabilities: Record<"info" | "low" | "moderate" | "high" | "critical", number> };
  statusCode?: number;
  message?: string;
};
type Outdated = Record<string, { current?: string; wanted: string; latest: string }>;

const audit = spawnSync("npm", ["audit", "--omit=dev", "--json"], { encoding: "utf8" });
const report = JSON.parse(audit.stdout || "{}") as Report;
const counts = report.metadata?.vulnerabilities;
if (counts) {
  console.log(
    `npm audit --omit=dev: ${Object.entries(counts)
      .map(([level, count]) => `${level} ${count}`)
      .join(", ")}`,
  );
  process.exit(counts.high + counts.critical > 0 ? 1 : 0);
}

console.log(
  `npm audit: el servicio de avisos del registro no respondió (${report.statusCode ?? report.message ?? audit.status}); se revisa en cambio que cada dependencia de producción esté en su última versión compatible.`,
);
const production = Object.keys((JSON.parse(readFileSync("package.json", "utf8")) as { dependencies: Record<string, string> }).dependencies);
const outdated = JSON.parse(spawnSync("npm", ["outdated", "--json"], { encoding: "utf8" }).stdout || "{}") as Outdated;
const behind = production.filter((name) => {
  const entry = outdated[name];
  return entry !== undefined && entry.current !== entry.wanted;
});
for (const name of behind) {
  const entry = outdated[name] as Outdated[string];
  console.log(`  ${name}: instalada ${entry.current ?? "ninguna"}, disponible ${entry.wanted} (la más nueva: ${entry.latest})`);
}
console.log(
  behind.length === 0
    ? `npm outdated: las ${production.length} dependencias de producción están en su última versión compatible.`
    : `npm outdated: ${behind.length} dependencias de producción atrasadas; actualizalas con npm update.`,
);
process.exit(behind.length > 0 ? 1 : 0);
