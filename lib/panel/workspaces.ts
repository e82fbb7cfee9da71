import "server-only";
import { eq, sql } from "drizzle-orm";
import { decryptSecret, encryptSecret } from "@/lib/crypto/secrets";
import { getDb } from "@/lib/db";
import { panelWorkspaces } from "@/lib/db/schema-panel";
import { config } from "@/lib/env";
import { newId } from "@/lib/ids";

/** A workspace as the dashboard shows it: never its AppSecret. */
export type Workspace = { id: string; name: string; apiBaseUrl: string; appKey: string };

/** What the v3 client needs to sign requests; server-side only. */
export type WorkspaceConnection = Workspace & { appSecret: string };

export type WorkspaceInput = { name: string; apiBaseUrl: string; appKey: string; appSecret: string };

const columns = {
  id: panelWorkspaces.id,
  name: panelWorkspaces.name,
  apiBaseUrl: panelWorkspaces.apiBaseUrl,
  appKey: panelWorkspaces.appKey,
};

/** The API base URL without a trailing slash, e.g. http://localhost:3000 (the client adds /v3/...). */
export function normalizarUrlBaseApi(value: string): string {
  return value.trim().replace(/\/+$/, "");
}

type Connection = Omit<WorkspaceInput, "name">;

/** A connection as its columns: the URL normalized, the AppSecret encrypted. */
const connectionColumns = (connection: Connection) => ({
  apiBaseUrl: normalizarUrlBaseApi(connection.apiBaseUrl),
  appKey: connection.appKey.trim(),
  appSecretEnc: encryptSecret(config().secretsKey, connection.appSecret),
});

/** Creates the workspace, or updates its connection when one with that name exists. */
export async function guardarEspacio(input: WorkspaceInput): Promise<Workspace & { created: boolean }> {
  const db = await getDb();
  const id = newId();
  const values = connectionColumns(input);
  const [row] = await db
    .insert(panelWorkspaces)
    .values({ id, name: input.name.trim(), ...values })
    .onConflictDoUpdate({ target: panelWorkspaces.name, set: { ...values, updatedAt: sql`now()` } })
    .returning(columns);
  if (!row) throw new Error("No se pudo guardar el espacio de trabajo");
  return { ...row, created: row.id === id };
}

export async function buscarEspacioPorNombre(name: string): Promise<Workspace | undefined> {
  const db = await getDb();
  const [row] = await db.select(columns).from(panelWorkspaces).where(eq(panelWorkspaces.name, name.trim()));
  return row;
}

export async function buscarEspacio(id: string): Promise<Workspace | undefined> {
  const db = await getDb();
  const [row] = await db.select(columns).from(panelWorkspaces).where(eq(panelWorkspaces.id, id));
  return row;
}

/** A workspace's new API connection (the Panel saves it only after the API accepted it: decisions 0015). */
export async function cambiarConexionDelEspacio(id: string, connection: Connection): Promise<Workspace | undefined> {
  const db = await getDb();
  const [row] = await db
    .update(panelWorkspaces)
    .set({ ...connectionColumns(connection), updatedAt: sql`now()` })
    .where(eq(panelWorkspaces.id, id))
    .returning(columns);
  return row;
}

/** The workspace with its AppSecret decrypted, for signing v3 requests on the server. */
export async function workspaceConnection(id: string): Promise<WorkspaceConnection | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({ ...columns, appSecretEnc: panelWorkspaces.appSecretEnc })
    .from(panelWorkspaces)
    .where(eq(panelWorkspaces.id, id));
  if (!row) return undefined;
  const { appSecretEnc, ...workspace } = row;
  return { ...workspace, appSecret: decryptSecret(config().secretsKey, appSecretEnc) };
}
