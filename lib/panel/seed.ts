import "server-only";
import { demoAccounts } from "./demo-accounts";
import { guardarUsuario } from "./users";
import { guardarEspacio } from "./workspaces";

export const DEMO_WORKSPACE = "Demo";

export type PanelDemoInput = {
  apiBaseUrl: string;
  appKey: string;
  appSecret: string;
  agencyAdminMail: string;
  agencyOperatorEmail: string;
};

export type PanelDemo = { workspace: string; users: { email: string; role: string; password: string }[] };

/**
 * The demo workspace "Demo" (its connection updated when it exists) and one user per role with fixed
 * demo passwords. Idempotent: running it again resets the demo users to these values and keeps their
 * sessions (their passwords are the same).
 */
export async function crearDemoDelPanel(input: PanelDemoInput): Promise<PanelDemo> {
  const workspace = await guardarEspacio({
    name: DEMO_WORKSPACE,
    apiBaseUrl: input.apiBaseUrl,
    appKey: input.appKey,
    appSecret: input.appSecret,
  });
  const demoUsers = demoAccounts(input.agencyOperatorEmail).map((account) =>
    account.role === "agencia" ? { ...account, agencyAdminMail: input.agencyAdminMail } : account,
  );
  const users: PanelDemo["users"] = [];
  for (const user of demoUsers) {
    const saved = await guardarUsuario({ workspace: workspace.name, ...user });
    users.push({ email: saved.email, role: saved.role, password: user.password });
  }
  return { workspace: workspace.name, users };
}
