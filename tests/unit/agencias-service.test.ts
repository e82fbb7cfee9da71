import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { removeDataDir } from "../support/pglite-propia";

/**
 * The agency services on a PGlite database of their own: what the HTTP tests cannot reach without
 * moving time (expired invitations) or without the listing ingestion (suspended listings).
 */

const { closeDb, getDb } = await import("@/lib/db");
const schema = await import("@/lib/db/schema");
const { eq } = await import("drizzle-orm");
const { loadCatalogo } = await import("@/lib/service/catalogo/load-catalogo");
const { createApp } = await import("@/lib/service/apps/create-app");
const { findAppByKey } = await import("@/lib/service/apps/find-app");
const { inviteAgencia } = await import("@/lib/service/agencias/invite-agencia");
const { getAgencia, optionsAgencia } = await import("@/lib/service/agencias/get-agencia");
const { listAgencias } = await import("@/lib/service/agencias/list-agencias");
const { editAgencia } = await import("@/lib/service/agencias/edit-agencia");
const { detachAgencia } = await import("@/lib/service/agencias/detach-agencia");
const { getAgenciaProductos } = await import("@/lib/service/agencias/get-agencia-productos");
const { setPlan } = await import("@/lib/service/agencias/set-plan");
const { findInvitation } = await import("@/lib/service/agencias/find-invitation");
const { registerAgencia, InvitationGone } = await import("@/lib/service/agencias/register-agencia");
const { sendDueMail } = await import("@/lib/service/mail/send-due-mail");
const { listDevMail } = await import("@/lib/service/mail/list-mail");
const { mailRetryDelayMs } = await import("@/lib/service/mail/send-due-mail");

type App = NonNullable<Awaited<ReturnType<typeof findAppByKey>>>;
let app: App;

beforeAll(async () => {
  await getDb();
  await loadCatalogo();
  const credentials = await createApp({ name: "App de servicio", topics: ["agencias", "consultas"] });
  app = (await findAppByKey(credentials.AppKey)) as App;
}, 120_000);

afterAll(async () => {
  await closeDb();
  removeDataDir();
});

const registro = {
  Nombre: "Autos Servicio",
  AdminNombre: "Eva",
  AdminApellido: "Ruiz",
  Password: "una-clave-larga",
  Telefono: "0351 555 0101",
  Region: "6",
  Ciudad: "Rio Cuarto",
  CompartirConsultasCatalogo: false,
};

/** Sends the queued mail into the dev mailbox and returns the newest link sent to `mail`. */
async function lastToken(mail: string): Promise<string> {
  await sendDueMail(50);
  const [message] = await listDevMail({ to: mail });
  const token = message?.Texto.match(/\/registro\/([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`sin invitación para ${mail}`);
  return token;
}

async function expire(mail: string) {
  const db = await getDb();
  const [agencia] = await db.select().from(schema.agencias).where(eq(schema.agencias.adminMail, mail));
  const past = new Date(Date.now() - 1000);
  await db
    .update(schema.invitaciones)
    .set({ venceAt: past })
    .where(eq(schema.invitaciones.agenciaId, agencia?.id as string));
  await db
    .update(schema.agenciaApps)
    .set({ invitacionVenceAt: past })
    .where(eq(schema.agenciaApps.agenciaId, agencia?.id as string));
}

describe("agency services", () => {
  it("an expired invitation is vencida (GET, OPTIONS, list), its link is gone, and a re-invite replaces it", async () => {
    const mail = "vencida@agencia.test";
    await inviteAgencia(app, { AdminMail: mail, Nombre: null, Telefono: null });
    const first = await lastToken(mail);
    await expire(mail);
    expect(await getAgencia(app, mail, "entry")).toMatchObject({ Estado: "vencida" });
    expect(await optionsAgencia(app, mail)).toEqual({ allow: "GET, HEAD, OPTIONS", estado: "vencida" });
    expect((await listAgencias(app, { estado: "vencida" }, "entry")).map((entry) => (entry as { AdminMail: string }).AdminMail)).toContain(
      mail,
    );
    expect(
      (await listAgencias(app, { estado: "pendiente" }, "entry")).map((entry) => (entry as { AdminMail: string }).AdminMail),
    ).not.toContain(mail);
    expect((await findInvitation(first))?.estado).toBe("vencida");
    await expect(registerAgencia(first, registro)).rejects.toBeInstanceOf(InvitationGone);
    await expect(
      editAgencia(app, mail, { Nombre: "X", Telefono: null, WhatsApp: null, Region: null, Ciudad: null, Direccion: null }, "entry"),
    ).rejects.toMatchObject({ status: 403 });

    await inviteAgencia(app, { AdminMail: mail, Nombre: null, Telefono: null });
    const second = await lastToken(mail);
    expect(second).not.toBe(first);
    expect(await getAgencia(app, mail, "entry")).toMatchObject({ Estado: "pendiente" });
    expect(await registerAgencia(second, registro)).toEqual({ adminMail: mail, appName: "App de servicio" });
    expect(await getAgencia(app, mail, "entry")).toMatchObject({ Estado: "registrada", Region: "Córdoba", Ciudad: "Río Cuarto" });
    const db = await getDb();
    const [agencia] = await db.select().from(schema.agencias).where(eq(schema.agencias.adminMail, mail));
    expect(agencia?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it("detaching suspends the app's listings; registering again brings them back as far as the package has room", async () => {
    const mail = "relista@agencia.test";
    await inviteAgencia(app, { AdminMail: mail, Nombre: null, Telefono: null });
    await registerAgencia(await lastToken(mail), registro);
    await setPlan({ admin: mail, plan: "Prueba", estado: "activo", publicaciones: 2, baja: 2 });
    const db = await getDb();
    const [agencia] = await db.select().from(schema.agencias).where(eq(schema.agencias.adminMail, mail));
    const listing = (id: string, externalId: string, activada: Date) => ({
      id,
      appId: app.id,
      agenciaId: agencia?.id as string,
      externalId,
      externalIdOriginal: externalId.toUpperCase(),
      marca: "Fiat",
      modelo: "Cronos",
      operadorResponsable: mail,
      estado: "activa",
      exposicion: "Baja",
      auto: {},
      modificada: activada,
      activada,
    });
    await db
      .insert(schema.publicaciones)
      .values([listing("pub-1", "a-1", new Date("2026-01-01T00:00:00Z")), listing("pub-2", "a-2", new Date("2026-01-02T00:00:00Z"))]);
    expect((await getAgenciaProductos(app, mail)).Publicaciones.Activas).toBe(2);
    await detachAgencia(app, mail);
    const estados = async () =>
      (
        await db
          .select()
          .from(schema.publicaciones)
          .where(eq(schema.publicaciones.agenciaId, agencia?.id as string))
          .orderBy(schema.publicaciones.id)
      ).map((row) => `${row.estado} ${row.motivo}`);
    expect(await estados()).toEqual(["suspendida desasociada", "suspendida desasociada"]);
    // While detached the package shrinks: only the first activated fits when the agency comes back.
    await setPlan({ admin: mail, plan: "Prueba", estado: "activo", publicaciones: 1 });
    await inviteAgencia(app, { AdminMail: mail, Nombre: null, Telefono: null });
    await registerAgencia(await lastToken(mail), registro);
    expect(await estados()).toEqual(["activa null", "suspendida paquete"]);
    expect((await getAgenciaProductos(app, mail)).Publicaciones).toEqual({ Contratadas: 1, Activas: 1, Disponibles: 0 });
  });

  it("a registration form sent through another app's link attaches the account and changes none of it, password included", async () => {
    const otra = (await findAppByKey((await createApp({ name: "Otra app de servicio", topics: [] })).AppKey)) as App;
    const mail = "dos-apps@agencia.test";
    await inviteAgencia(app, { AdminMail: mail, Nombre: null, Telefono: null });
    const first = await lastToken(mail);
    await inviteAgencia(otra, { AdminMail: mail, Nombre: "Como la llama la otra", Telefono: null });
    const second = await lastToken(mail);
    await registerAgencia(first, registro);
    const db = await getDb();
    const account = async () => (await db.select().from(schema.agencias).where(eq(schema.agencias.adminMail, mail)))[0];
    const before = await account();
    expect((await findInvitation(second))?.cuentaExistente).toBe(true);
    await registerAgencia(second, { ...registro, Nombre: "Otro nombre", Password: "otra-clave-distinta", Region: "1", Ciudad: "" });
    expect(await account()).toEqual(before);
    expect(before?.creadaPorAppId).toBe(app.id);
    expect(await getAgencia(otra, mail, "entry")).toMatchObject({ Estado: "registrada", Nombre: "Autos Servicio" });
    expect((await findInvitation(first))?.cuentaExistente).toBe(false);
    expect((await findInvitation(second))?.cuentaExistente).toBe(true);
  });

  it("registering queues the agencias notification when the app has an active configuration", async () => {
    const db = await getDb();
    await db.insert(schema.webhookConfigs).values({ id: "cfg-1", appId: app.id, topic: "agencias", callback: "https://crm.example/hooks" });
    const mail = "notifica@agencia.test";
    await inviteAgencia(app, { AdminMail: mail, Nombre: null, Telefono: null });
    await registerAgencia(await lastToken(mail), registro);
    const rows = await db.select().from(schema.notificaciones).where(eq(schema.notificaciones.appId, app.id));
    const payload = rows
      .map((row) => row.payload as { Evento: string; Datos: { AdminMail: string; Agencia: { Estado: string } } })
      .find((body) => body.Datos.AdminMail === mail);
    expect(payload).toMatchObject({
      Evento: "agencia.registrada",
      Datos: { AdminMail: mail, Agencia: { Estado: "registrada", AdminMail: mail } },
    });
  });

  it("mail retries back off 5 s, 30 s, 2 min, 10 min, then hourly", () => {
    expect([1, 2, 3, 4, 5, 19].map(mailRetryDelayMs)).toEqual([5_000, 30_000, 120_000, 600_000, 3_600_000, 3_600_000]);
  });
});
