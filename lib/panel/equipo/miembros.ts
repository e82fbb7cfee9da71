import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import { type Db, getDb } from "@/lib/db";
import { type PanelRole, panelUsers, panelWorkspaces } from "@/lib/db/schema-panel";
import { newId } from "@/lib/ids";
import { calcularHashDeContrasena, normalizarEmail } from "../users";
import { type Cambio, type Rechazo, rechazoDelCambio } from "./reglas";

/**
 * The members of a workspace (decisions 0015): the Panel's own table (lib/db/schema-panel.ts), always
 * read and written through the workspace's id, so an id of another workspace's user is simply not
 * found. Role changes and removals run in a transaction that locks the workspace's row and applies
 * the guard rails (reglas.ts) to what the table holds at that moment.
 */

export type Miembro = {
  id: string;
  email: string;
  name: string | null;
  role: PanelRole;
  /** For `agencia`: the agency's administrator e-mail (the member's own e-mail is their operator e-mail). */
  agencyAdminMail: string | null;
  createdAt: Date;
};

const columnas = {
  id: panelUsers.id,
  email: panelUsers.email,
  name: panelUsers.name,
  role: panelUsers.role,
  agencyAdminMail: panelUsers.agencyAdminMail,
  createdAt: panelUsers.createdAt,
};

const delEspacio = (workspaceId: string, id: string) => and(eq(panelUsers.workspaceId, workspaceId), eq(panelUsers.id, id));

/** The workspace's members, oldest first. */
export async function listarMiembros(workspaceId: string): Promise<Miembro[]> {
  const db = await getDb();
  return db
    .select(columnas)
    .from(panelUsers)
    .where(eq(panelUsers.workspaceId, workspaceId))
    .orderBy(asc(panelUsers.createdAt), asc(panelUsers.email));
}

export async function buscarMiembro(workspaceId: string, id: string): Promise<Miembro | undefined> {
  const db = await getDb();
  const [row] = await db.select(columnas).from(panelUsers).where(delEspacio(workspaceId, id));
  return row;
}

export type Alta = { email: string; name: string; role: PanelRole; agencyAdminMail: string | null; password: string };

/**
 * Adds a member. E-mails are unique across the Panel: one already in use says whether it is in this
 * team (`en-el-equipo`) or elsewhere (`en-uso`), never where.
 */
export async function agregarMiembro(
  workspaceId: string,
  alta: Alta,
): Promise<{ ok: true; miembro: Miembro } | { ok: false; motivo: "en-el-equipo" | "en-uso" }> {
  const db = await getDb();
  const email = normalizarEmail(alta.email);
  const [row] = await db
    .insert(panelUsers)
    .values({
      id: newId(),
      workspaceId,
      email,
      name: alta.name.trim() || null,
      role: alta.role,
      agencyAdminMail: alta.role === "agencia" && alta.agencyAdminMail ? normalizarEmail(alta.agencyAdminMail) : null,
      passwordHash: await calcularHashDeContrasena(alta.password),
    })
    .onConflictDoNothing({ target: panelUsers.email })
    .returning(columnas);
  if (row) return { ok: true, miembro: row };
  const [existente] = await db.select({ workspaceId: panelUsers.workspaceId }).from(panelUsers).where(eq(panelUsers.email, email));
  return { ok: false, motivo: existente?.workspaceId === workspaceId ? "en-el-equipo" : "en-uso" };
}

export type Resultado = { ok: true; miembro: Miembro | null } | { ok: false; motivo: "no-existe" | "sin-permiso" | Rechazo };

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * One change of a member under the guard rails: the workspace's row is locked for the transaction,
 * the actor must still be an admin of it, the target must be a member of it (else `no-existe`, the
 * same for another workspace's user), and rechazoDelCambio must find nothing wrong; then `aplicar`.
 */
async function cambiar(
  workspaceId: string,
  actorId: string,
  id: string,
  cambio: Cambio,
  aplicar: (tx: Tx) => Promise<Miembro | null>,
): Promise<Resultado> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await tx.select({ id: panelWorkspaces.id }).from(panelWorkspaces).where(eq(panelWorkspaces.id, workspaceId)).for("update");
    const equipo = await tx
      .select({ id: panelUsers.id, role: panelUsers.role })
      .from(panelUsers)
      .where(eq(panelUsers.workspaceId, workspaceId));
    const actor = equipo.find((miembro) => miembro.id === actorId);
    if (actor?.role !== "admin") return { ok: false, motivo: "sin-permiso" };
    const objetivo = equipo.find((miembro) => miembro.id === id);
    if (!objetivo) return { ok: false, motivo: "no-existe" };
    const admins = equipo.filter((miembro) => miembro.role === "admin").length;
    const rechazo = rechazoDelCambio({ actor, objetivo, cambio, admins });
    if (rechazo) return { ok: false, motivo: rechazo };
    return { ok: true, miembro: await aplicar(tx) };
  });
}

/** A member's new role (and agency, for `agencia`). */
export function cambiarRol(
  workspaceId: string,
  actorId: string,
  id: string,
  nuevo: { role: PanelRole; agencyAdminMail: string | null },
): Promise<Resultado> {
  const agencyAdminMail = nuevo.role === "agencia" && nuevo.agencyAdminMail ? normalizarEmail(nuevo.agencyAdminMail) : null;
  return cambiar(workspaceId, actorId, id, { tipo: "rol", rol: nuevo.role }, async (tx) => {
    const [row] = await tx
      .update(panelUsers)
      .set({ role: nuevo.role, agencyAdminMail, updatedAt: sql`now()` })
      .where(delEspacio(workspaceId, id))
      .returning(columnas);
    return row ?? null;
  });
}

/** Removes a member; their session ends with their next request (every request reads the user again). */
export function quitarMiembro(workspaceId: string, actorId: string, id: string): Promise<Resultado> {
  return cambiar(workspaceId, actorId, id, { tipo: "baja" }, async (tx) => {
    await tx.delete(panelUsers).where(delEspacio(workspaceId, id));
    return null;
  });
}

/**
 * A member's new password (argon2id); the member's open sessions end. Undefined when there is no
 * such member in the workspace.
 */
export async function restablecerContrasena(workspaceId: string, id: string, password: string): Promise<Miembro | undefined> {
  const passwordHash = await calcularHashDeContrasena(password);
  const db = await getDb();
  const [row] = await db
    .update(panelUsers)
    .set({ passwordHash, sessionsValidFrom: new Date(), updatedAt: sql`now()` })
    .where(delEspacio(workspaceId, id))
    .returning(columnas);
  return row;
}
