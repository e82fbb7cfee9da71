/**
 * The Panel's demo sign-ins (SEED_DEMO, `seed demo`): fixed and public, for a local demo only.
 * No server-only marker: `npm start` prints them.
 */
export function demoAccounts(agencyOperatorEmail: string) {
  return [
    { email: "admin@demo.vitrina.local", role: "admin", password: "demo-admin-2026", name: "Admin Demo" },
    { email: "soporte@demo.vitrina.local", role: "soporte", password: "demo-soporte-2026", name: "Soporte Demo" },
    { email: agencyOperatorEmail, role: "agencia", password: "demo-agencia-2026", name: "Agencia Demo" },
  ] as const;
}
