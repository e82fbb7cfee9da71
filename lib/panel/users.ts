import "server-only";
import { hash, verify } from "@node-rs/argon2";
import { and, eq, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import { CONTRASENA_DEBIL, esContrasenaFuerte } from "@/lib/api/contrasena";
import { getDb } from "@/lib/db";
import { PANEL_ROLES, type PanelRole, panelUsers, panelWorkspaces } from "@/lib/db/schema-panel";
import { newId } from "@/lib/ids";
import { MIN_PASSWORD_LENGTH } from "./equipo/formularios";
import { contarIntento, perdonarIntento, throttleMessage } from "./throttle";
import { buscarEspacioPorNombre } from "./workspaces";

// @node-rs/argon2 exports Algorithm as an ambient const enum, which isolatedModules cannot read.
const ARGON2ID = 2;

export type Role = PanelRole;
export const ROLES = PANEL_ROLES;
export { MIN_PASSWORD_LENGTH };

export type PanelUser = {
  id: string;
  email: string;
  name: string | null;
  role: Role;
  /** For `agencia`: the agency's administrator e-mail; the user's own e-mail is their operator e-mail. */
  agencyAdminMail: string | null;
  workspace: { id: string; name: string };
};

export type UserInput = {
  workspace: string;
  email: string;
  role: Role;
  password: string;
  name?: string | null;
  agencyAdminMail?: string | null;
};

export class PanelUserError extends Error {}

const columns = {
  id: panelUsers.id,
  email: panelUsers.email,
  name: panelUsers.name,
  role: panelUsers.role,
  agencyAdminMail: panelUsers.agencyAdminMail,
  workspaceId: panelWorkspaces.id,
  workspaceName: panelWorkspaces.name,
};

type Row = {
  id: string;
  email: string;
  name: string | null;
  role: Role;
  agencyAdminMail: string | null;
  workspaceId: string;
  workspaceName: string;
};

const aUsuario = ({ workspaceId, workspaceName, ...user }: Row): PanelUser => ({
  ...user,
  workspace: { id: workspaceId, name: workspaceName },
});

export const normalizarEmail = (email: string) => email.trim().toLowerCase();

export function calcularHashDeContrasena(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

/** Creates the user, or updates the one with that e-mail (role, agency, name, password, workspace). */
export async function guardarUsuario(input: UserInput): Promise<PanelUser & { created: boolean }> {
  const workspace = await buscarEspacioPorNombre(input.workspace);
  if (!workspace) throw new PanelUserError(`No existe el espacio de trabajo "${input.workspace}". Crealo con: panel workspace --name …`);
  if (!ROLES.includes(input.role)) throw new PanelUserError("El rol debe ser admin, soporte o agencia.");
  const agencyAdminMail = input.role === "agencia" ? normalizarEmail(input.agencyAdminMail ?? "") : null;
  if (input.role === "agencia" && !agencyAdminMail) {
    throw new PanelUserError("Un usuario con rol agencia necesita el e-mail del administrador de su agencia (--agency).");
  }
  if (input.password.length < MIN_PASSWORD_LENGTH) {
    throw new PanelUserError(`La contraseña debe tener al menos ${MIN_PASSWORD_LENGTH} caracteres.`);
  }
  // The rule of the Panel's forms and of the registration (lib/api/contrasena.ts), for the operator CLI and the demo.
  if (!(await esContrasenaFuerte(input.password))) throw new PanelUserError(CONTRASENA_DEBIL);
  const db = await getDb();
  const id = newId();
  const email = normalizarEmail(input.email);
  const values = {
    workspaceId: workspace.id,
    name: input.name?.trim() || null,
    role: input.role,
    agencyAdminMail,
    passwordHash: await calcularHashDeContrasena(input.password),
  };
  // A new password ends the sessions signed in with the old one; the same one again (`seed demo`
  // resetting the demo users) ends none.
  const passwordChanged = !(await tieneContrasena(email, input.password));
  const [row] = await db
    .insert(panelUsers)
    .values({ id, email, ...values })
    .onConflictDoUpdate({
      target: panelUsers.email,
      set: { ...values, ...(passwordChanged ? { sessionsValidFrom: new Date() } : {}), updatedAt: sql`now()` },
    })
    .returning({ id: panelUsers.id });
  if (!row) throw new Error("No se pudo guardar el usuario");
  const user = await buscarUsuarioPorId(row.id);
  if (!user) throw new Error("No se pudo leer el usuario guardado");
  return { ...user, created: row.id === id };
}

async function buscarUsuario(where: SQL | undefined): Promise<PanelUser | undefined> {
  const db = await getDb();
  const [row] = await db
    .select(columns)
    .from(panelUsers)
    .innerJoin(panelWorkspaces, eq(panelWorkspaces.id, panelUsers.workspaceId))
    .where(where);
  return row && aUsuario(row);
}

export const buscarUsuarioPorId = (id: string) => buscarUsuario(eq(panelUsers.id, id));

/** A session lasts 12 hours from its sign-in, however often it is renewed (docs/decisions/0029). */
export const SESSION_LIFETIME_MS = 12 * 60 * 60 * 1000;

/**
 * The user of a session signed in at `signedInAt` (ms), unless the session is over: older than its
 * lifetime, or the user signed out or had their password set again since. Then, as if the user were gone.
 */
export async function buscarUsuarioDeSesion(id: string, signedInAt: number, now = Date.now()): Promise<PanelUser | undefined> {
  if (!(now - signedInAt < SESSION_LIFETIME_MS)) return undefined;
  const valid = or(isNull(panelUsers.sessionsValidFrom), lte(panelUsers.sessionsValidFrom, new Date(signedInAt)));
  return buscarUsuario(and(eq(panelUsers.id, id), valid));
}

/** Ends every session of the user signed in until now (signing out: docs/decisions/0029). */
export async function cerrarSesiones(id: string): Promise<void> {
  const db = await getDb();
  await db.update(panelUsers).set({ sessionsValidFrom: new Date() }).where(eq(panelUsers.id, id));
}

async function buscarUsuarioConHash(email: string): Promise<(PanelUser & { passwordHash: string }) | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({ ...columns, passwordHash: panelUsers.passwordHash })
    .from(panelUsers)
    .innerJoin(panelWorkspaces, eq(panelWorkspaces.id, panelUsers.workspaceId))
    .where(eq(panelUsers.email, normalizarEmail(email)));
  if (!row) return undefined;
  const { passwordHash, ...user } = row;
  return { ...aUsuario(user), passwordHash };
}

/** Whether the user with this e-mail exists and has this password. */
async function tieneContrasena(email: string, password: string): Promise<boolean> {
  const user = await buscarUsuarioConHash(email);
  return user !== undefined && (await verify(user.passwordHash, password).catch(() => false));
}

// Unknown e-mails still cost one argon2 verification, so timing does not tell which e-mails exist.
let dummyHash: Promise<string> | undefined;

export type VerifyResult =
  | { ok: true; user: PanelUser }
  | { ok: false; reason: "invalid"; message: string }
  | { ok: false; reason: "throttled"; message: string; retryAfterSeconds: number };

export const INVALID_CREDENTIALS = "El e-mail o la contraseña no son correctos.";

/**
 * Checks an e-mail and password from a client address, with throttling (lib/panel/throttle.ts): past
 * a limit, attempts are refused for the rest of the window without checking the password.
 */
export async function verificarContrasena(input: { email: string; password: string; ip?: string; now?: Date }): Promise<VerifyResult> {
  const attempt = { address: input.ip, email: input.email };
  const verdict = await contarIntento(attempt, input.now);
  if (!verdict.allowed) {
    return {
      ok: false,
      reason: "throttled",
      message: throttleMessage(verdict.retryAfterSeconds),
      retryAfterSeconds: verdict.retryAfterSeconds,
    };
  }
  const user = normalizarEmail(input.email) ? await buscarUsuarioConHash(input.email) : undefined;
  if (!user) {
    dummyHash ??= calcularHashDeContrasena("vitrina-usuario-inexistente");
    await verify(await dummyHash, input.password).catch(() => false);
    return { ok: false, reason: "invalid", message: INVALID_CREDENTIALS };
  }
  const matches = await verify(user.passwordHash, input.password).catch(() => false);
  if (!matches) return { ok: false, reason: "invalid", message: INVALID_CREDENTIALS };
  await perdonarIntento(attempt, input.now);
  const { passwordHash: _hash, ...panelUser } = user;
  return { ok: true, user: panelUser };
}
