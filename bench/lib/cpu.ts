import { readdirSync, readFileSync } from "node:fs";

/**
 * CPU time (user + system, ms) from /proc, per process: a run's difference tells where each request's
 * CPU goes. The server is its process group; the database is the PostgreSQL backends serving the
 * benchmark's database (their pids from pg_stat_activity), so other databases' work does not count.
 */
const TICK_MS = 10; // USER_HZ = 100 on Linux

export type CpuSnapshot = Map<number, { pgid: number; ms: number }>;

export function cpuSnapshot(): CpuSnapshot {
  const rows: CpuSnapshot = new Map();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const text = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
      rows.set(Number(entry), { pgid: Number(fields[2]), ms: (Number(fields[11]) + Number(fields[12])) * TICK_MS });
    } catch {}
  }
  return rows;
}

/** CPU ms spent between two snapshots by the process group and by the given backends. */
export function cpuSpent(before: CpuSnapshot, after: CpuSnapshot, pgid: number | undefined, backends: number[]) {
  let server = 0;
  for (const [pid, row] of after) if (pgid !== undefined && row.pgid === pgid) server += row.ms - (before.get(pid)?.ms ?? 0);
  let postgres = 0;
  for (const pid of backends) {
    const row = after.get(pid);
    if (row) postgres += row.ms - (before.get(pid)?.ms ?? 0);
  }
  return { server, postgres };
}
