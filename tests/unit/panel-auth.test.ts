import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { removeDataDir } from "../support/pglite-propia";

/** Panel users, password verification and sign-in throttling on a PGlite database of their own. */

const { closeDb, getDb } = await import("@/lib/db");
const { panelUsers, panelWorkspaces } = await import("@/lib/db/schema-panel");
const { eq } = await import("drizzle-orm");
const { guardarEspacio, workspaceConnection } = await import("@/lib/panel/workspaces");
const { guardarUsuario, verificarContrasena, buscarUsuarioPorId, PanelUserError, INVALID_CREDENTIALS } = await import("@/lib/panel/users");
const { THROTTLE_WINDOW_MS } = await import("@/lib/panel/throttle");
const { crearDemoDelPanel } = await import("@/lib/panel/seed");
const { panelOperations } = await import("@/lib/panel/admin/operations");

const PASSWORD = "clave-correcta-1";

beforeAll(async () => {
  await getDb();
  await guardarEspacio({ name: "Pruebas", apiBaseUrl: "http://127.0.0.1:9/", appKey: "a".repeat(32), appSecret: "secreto-de-la-app" });
}, 120_000);

afterAll(async () => {
  await closeDb();
  removeDataDir();
});

/** A fresh user per test, so throttling counts do not leak between tests. */
let counter = 0;
async function newUser(role: "admin" | "soporte" | "agencia" = "admin") {
  counter += 1;
  return guardarUsuario({
    workspace: "Pruebas",
    email: `Persona${counter}@Ejemplo.com`,
    role,
    password: PASSWORD,
    agencyAdminMail: role === "agencia" ? "Admin@Agencia.com" : null,
  });
}

const minutes = (n: number, from = new Date()) => new Date(from.getTime() + n * 60_000);

describe("workspaces", () => {
  it("keeps the AppSecret encrypted at rest and decrypts it for the v3 client", async () => {
    const db = await getDb();
    const [row] = await db.select().from(panelWorkspaces).where(eq(panelWorkspaces.name, "Pruebas"));
    expect(row?.appSecretEnc).toMatch(/^v1\./);
    expect(row?.appSecretEnc).not.toContain("secreto-de-la-app");
    expect(row?.apiBaseUrl).toBe("http://127.0.0.1:9");
    const connection = await workspaceConnection(row?.id as string);
    expect(connection?.appSecret).toBe("secreto-de-la-app");
  });

  it("updates the connection of an existing workspace instead of creating another", async () => {
    const first = await guardarEspacio({ name: "Otra", apiBaseUrl: "http://a.example", appKey: "k1", appSecret: "s1" });
    const second = await guardarEspacio({ name: "Otra", apiBaseUrl: "http://b.example", appKey: "k2", appSecret: "s2" });
    expect(first.created).toBe(true);
    expect(second).toMatchObject({ id: first.id, created: false, apiBaseUrl: "http://b.example", appKey: "k2" });
    expect((await workspaceConnection(first.id))?.appSecret).toBe("s2");
  });
});

describe("users", () => {
  it("stores e-mails lower-cased, hashes passwords with argon2id and upserts by e-mail", async () => {
    const user = await newUser();
    expect(user.email).toBe(`persona${counter}@ejemplo.com`);
    expect(user.created).toBe(true);
    const db = await getDb();
    const [row] = await db.select().from(panelUsers).where(eq(panelUsers.id, user.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);

    const again = await guardarUsuario({
      workspace: "Pruebas",
      email: user.email.toUpperCase(),
      role: "soporte",
      password: "otra-clave-2",
    });
    expect(again).toMatchObject({ id: user.id, role: "soporte", created: false });
    expect((await verificarContrasena({ email: user.email, password: "otra-clave-2" })).ok).toBe(true);
  });

  it("binds an agencia user to its agency and operator e-mail", async () => {
    const user = await newUser("agencia");
    expect(user.agencyAdminMail).toBe("admin@agencia.com");
    expect((await buscarUsuarioPorId(user.id))?.workspace.name).toBe("Pruebas");
    await expect(guardarUsuario({ workspace: "Pruebas", email: "sin@agencia.com", role: "agencia", password: PASSWORD })).rejects.toThrow(
      PanelUserError,
    );
  });

  it("refuses an unknown workspace, short passwords and ones easy to guess, saving nothing", async () => {
    await expect(guardarUsuario({ workspace: "No existe", email: "x@y.com", role: "admin", password: PASSWORD })).rejects.toThrow(
      /No existe el espacio/,
    );
    await expect(guardarUsuario({ workspace: "Pruebas", email: "x@y.com", role: "admin", password: "corta" })).rejects.toThrow(
      /al menos 8/,
    );
    // Issue 29, item 7: the operator CLI and the demo save through here; the Panel's forms' rule applies.
    for (const weak of [" ".repeat(12), "Password123!", "contraseña123"]) {
      await expect(guardarUsuario({ workspace: "Pruebas", email: "x@y.com", role: "admin", password: weak })).rejects.toThrow(
        /^La contraseña es fácil de adivinar: usá tres o cuatro palabras/,
      );
    }
    const db = await getDb();
    expect(await db.select().from(panelUsers).where(eq(panelUsers.email, "x@y.com"))).toEqual([]);
  });
});

describe("verificarContrasena", () => {
  it("accepts the right password, case-insensitively on the e-mail", async () => {
    const user = await newUser();
    const result = await verificarContrasena({ email: `  ${user.email.toUpperCase()} `, password: PASSWORD });
    expect(result).toMatchObject({ ok: true, user: { id: user.id, role: "admin", workspace: { name: "Pruebas" } } });
  });

  it("answers the same for a wrong password and an unknown e-mail", async () => {
    const user = await newUser();
    expect(await verificarContrasena({ email: user.email, password: "no-es-esta" })).toEqual({
      ok: false,
      reason: "invalid",
      message: INVALID_CREDENTIALS,
    });
    expect(await verificarContrasena({ email: "nadie@ejemplo.com", password: PASSWORD })).toEqual({
      ok: false,
      reason: "invalid",
      message: INVALID_CREDENTIALS,
    });
  });
});

describe("throttling (docs/decisions/0027)", { timeout: 60_000 }, () => {
  const A = "203.0.113.10";
  const B = "198.51.100.20";
  let addresses = 0;
  const newAddress = () => `192.0.2.${++addresses}`;

  it("closes an address's attempts on an account for the rest of the window after 5 failures, even with the right password", async () => {
    const user = await newUser();
    const ip = newAddress();
    const start = new Date();
    for (let i = 0; i < 5; i++) {
      expect(await verificarContrasena({ email: user.email, password: `mal-${i}`, ip, now: minutes(i, start) })).toMatchObject({
        reason: "invalid",
      });
    }
    const refused = await verificarContrasena({ email: user.email, password: PASSWORD, ip, now: minutes(10, start) });
    expect(refused).toMatchObject({ ok: false, reason: "throttled", retryAfterSeconds: 5 * 60 });
    expect(refused.ok === false && refused.message).toBe(
      "Demasiados intentos fallidos. Por seguridad, el ingreso queda bloqueado 5 minutos; probá de nuevo después.",
    );
    // Still refused just before the window ends; allowed again once it has passed.
    expect(await verificarContrasena({ email: user.email, password: PASSWORD, ip, now: minutes(14.9, start) })).toMatchObject({
      reason: "throttled",
    });
    const later = new Date(start.getTime() + THROTTLE_WINDOW_MS);
    expect(await verificarContrasena({ email: user.email, password: PASSWORD, ip, now: later })).toMatchObject({ ok: true });
  });

  it("5 wrong passwords from one address do not lock the owner out: the right one from another address works (issue 17, item 3)", async () => {
    const user = await newUser();
    const [attacker, owner] = [newAddress(), newAddress()];
    for (let i = 0; i < 5; i++) await verificarContrasena({ email: user.email, password: "mal", ip: attacker });
    expect(await verificarContrasena({ email: user.email, password: PASSWORD, ip: owner })).toMatchObject({ ok: true });
    expect(await verificarContrasena({ email: user.email, password: PASSWORD, ip: attacker })).toMatchObject({ reason: "throttled" });
  });

  it("starts over after a successful sign-in", async () => {
    const user = await newUser();
    const ip = newAddress();
    for (let i = 0; i < 4; i++) await verificarContrasena({ email: user.email, password: "mal", ip });
    expect((await verificarContrasena({ email: user.email, password: PASSWORD, ip })).ok).toBe(true);
    for (let i = 0; i < 5; i++)
      expect(await verificarContrasena({ email: user.email, password: "mal", ip })).toMatchObject({ reason: "invalid" });
    expect(await verificarContrasena({ email: user.email, password: PASSWORD, ip })).toMatchObject({ reason: "throttled" });
  });

  it("counts e-mails case-insensitively", async () => {
    const user = await newUser();
    const ip = newAddress();
    for (let i = 0; i < 5; i++) await verificarContrasena({ email: i % 2 ? user.email.toUpperCase() : user.email, password: "mal", ip });
    expect(await verificarContrasena({ email: user.email.toUpperCase(), password: PASSWORD, ip })).toMatchObject({ reason: "throttled" });
  });

  it("an address spraying random e-mails blocks no one at 22 failures; past 50 it is closed, but not to users who signed in from it before", async () => {
    const regular = await newUser();
    expect((await verificarContrasena({ email: regular.email, password: PASSWORD, ip: A })).ok).toBe(true);
    const spray = (from: number, to: number) =>
      Promise.all(
        Array.from({ length: to - from }, (_, i) =>
          verificarContrasena({ email: `intruso${from + i}@ejemplo.com`, password: "mal", ip: A }),
        ),
      );
    expect((await spray(0, 22)).every((result) => !result.ok && result.reason === "invalid")).toBe(true);
    const newcomer = await newUser();
    expect(await verificarContrasena({ email: newcomer.email, password: PASSWORD, ip: A })).toMatchObject({ ok: true });

    expect((await spray(22, 50)).every((result) => !result.ok && result.reason === "invalid")).toBe(true);
    expect(await verificarContrasena({ email: "intruso-51@ejemplo.com", password: "mal", ip: A })).toMatchObject({ reason: "throttled" });
    const stranger = await newUser();
    expect(await verificarContrasena({ email: stranger.email, password: PASSWORD, ip: A })).toMatchObject({ reason: "throttled" });
    expect(await verificarContrasena({ email: regular.email, password: PASSWORD, ip: A })).toMatchObject({ ok: true });
    expect(await verificarContrasena({ email: newcomer.email, password: PASSWORD, ip: A })).toMatchObject({ ok: true });
    expect(await verificarContrasena({ email: stranger.email, password: PASSWORD, ip: B })).toMatchObject({ ok: true });
  });

  it("an account hammered from many addresses: past 25 failures new addresses are refused, the owner's usual one is not", async () => {
    const user = await newUser();
    const usual = newAddress();
    expect((await verificarContrasena({ email: user.email, password: PASSWORD, ip: usual })).ok).toBe(true);
    for (let i = 0; i < 25; i++) {
      expect(await verificarContrasena({ email: user.email, password: "mal", ip: `10.1.0.${i}` })).toMatchObject({ reason: "invalid" });
    }
    expect(await verificarContrasena({ email: user.email, password: PASSWORD, ip: newAddress() })).toMatchObject({ reason: "throttled" });
    expect(await verificarContrasena({ email: user.email, password: PASSWORD, ip: usual })).toMatchObject({ ok: true });
  });

  it("lets successful sign-ins from one address (an office) not count as failures", async () => {
    const ip = newAddress();
    const user = await newUser();
    for (let i = 0; i < 30; i++) expect((await verificarContrasena({ email: user.email, password: PASSWORD, ip })).ok).toBe(true);
  });

  it("holds under parallel attempts: no more than 5 passwords are checked for one address and account", async () => {
    const user = await newUser();
    const ip = newAddress();
    const results = await Promise.all(Array.from({ length: 12 }, () => verificarContrasena({ email: user.email, password: "mal", ip })));
    expect(results.filter((result) => !result.ok && result.reason === "invalid")).toHaveLength(5);
    expect(results.filter((result) => !result.ok && result.reason === "throttled")).toHaveLength(7);
  });
});

describe("crearDemoDelPanel", () => {
  const input = {
    apiBaseUrl: "http://localhost:3000",
    appKey: "b".repeat(32),
    appSecret: "secreto-demo",
    agencyAdminMail: "ventas@autos-demo.com.ar",
    agencyOperatorEmail: "Vendedor@Autos-Demo.com.ar",
  };

  it("creates the Demo workspace and one user per role, idempotently", async () => {
    const first = await crearDemoDelPanel(input);
    expect(first.workspace).toBe("Demo");
    expect(first.users.map((user) => user.role)).toEqual(["admin", "soporte", "agencia"]);
    expect(first.users[2]?.email).toBe("vendedor@autos-demo.com.ar");
    const second = await crearDemoDelPanel({ ...input, apiBaseUrl: "http://127.0.0.1:4000" });
    expect(second).toEqual(first);
    const db = await getDb();
    const demo = await db.select().from(panelWorkspaces).where(eq(panelWorkspaces.name, "Demo"));
    expect(demo).toHaveLength(1);
    expect(demo[0]?.apiBaseUrl).toBe("http://127.0.0.1:4000");
    for (const user of second.users) {
      const result = await verificarContrasena({ email: user.email, password: user.password });
      expect(result).toMatchObject({ ok: true, user: { role: user.role } });
    }
    const agencia = await verificarContrasena({ email: input.agencyOperatorEmail, password: second.users[2]?.password as string });
    expect(agencia.ok && agencia.user.agencyAdminMail).toBe("ventas@autos-demo.com.ar");
  });

  it("run again, it keeps the demo users' sessions: their passwords are the same (issue 34, part 5)", async () => {
    await crearDemoDelPanel(input);
    const db = await getDb();
    const emails = (await crearDemoDelPanel(input)).users.map((user) => user.email);
    const users = await db.select().from(panelUsers);
    expect(users.filter((user) => emails.includes(user.email)).map((user) => user.sessionsValidFrom)).toEqual([null, null, null]);
  });
});

describe("panelOperations", () => {
  it("validates panel user like the CLI documents it", () => {
    const parse = (input: Record<string, unknown>) => panelOperations["panel.user"].input.safeParse(input);
    const base = { workspace: "Pruebas", email: "Ana@Ejemplo.com", role: "admin", password: PASSWORD };
    expect(parse(base).data?.email).toBe("ana@ejemplo.com");
    expect(parse({ ...base, role: "root" }).error?.issues[0]?.message).toBe("--role: admin, soporte o agencia");
    expect(parse({ ...base, role: "agencia" }).error?.issues[0]?.message).toMatch(/--agency es obligatorio/);
    expect(parse({ ...base, role: "agencia", agency: "ventas@agencia.com" }).success).toBe(true);
    expect(parse({ ...base, password: "corta" }).success).toBe(false);
  });

  it("creates a workspace and a user, and never prints the password or the secret", async () => {
    const workspace = await panelOperations["panel.workspace"].run({
      name: "CLI",
      api: "http://localhost:3000",
      appKey: "c".repeat(32),
      appSecret: "s3cr3t",
    });
    expect(workspace).toMatchObject({ Name: "CLI", Api: "http://localhost:3000", Created: true });
    const user = await panelOperations["panel.user"].run({
      workspace: "CLI",
      email: "ops@ejemplo.com",
      role: "soporte",
      password: PASSWORD,
    });
    expect(user).toMatchObject({ Workspace: "CLI", Email: "ops@ejemplo.com", Role: "soporte", Agency: null, Created: true });
    expect(JSON.stringify([workspace, user])).not.toMatch(/s3cr3t|clave-correcta/);
  });
});
