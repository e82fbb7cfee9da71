import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { removeDataDir } from "../support/pglite-propia";

/** The Panel's read marks (decisions 0045) on a PGlite database of their own: writing one prunes that user's old ones. */

const { closeDb, getDb } = await import("@/lib/db");
const { panelConsultasLeidas } = await import("@/lib/db/schema-panel");
const { eq } = await import("drizzle-orm");
const { guardarEspacio } = await import("@/lib/panel/workspaces");
const { guardarUsuario } = await import("@/lib/panel/users");
const { leidasDe, marcarLeida } = await import("@/lib/panel/consultas/leidas");

const DIA_MS = 86_400_000;
const haceDias = (dias: number) => new Date(Date.now() - dias * DIA_MS);

let ana: string;
let beto: string;

beforeAll(async () => {
  await getDb();
  await guardarEspacio({ name: "Leídas", apiBaseUrl: "http://127.0.0.1:9/", appKey: "a".repeat(32), appSecret: "secreto-de-la-app" });
  const usuario = (email: string) => guardarUsuario({ workspace: "Leídas", email, role: "soporte", password: "una-clave-de-prueba" });
  ana = (await usuario("ana@leidas.test")).id;
  beto = (await usuario("beto@leidas.test")).id;
}, 120_000);

afterAll(async () => {
  await closeDb();
  removeDataDir();
});

async function sidsDe(userId: string): Promise<string[]> {
  const filas = await (await getDb())
    .select({ sid: panelConsultasLeidas.sid })
    .from(panelConsultasLeidas)
    .where(eq(panelConsultasLeidas.userId, userId));
  return filas.map((fila) => fila.sid).sort();
}

describe("read marks", () => {
  it("the first opening counts; opening again changes nothing", async () => {
    await marcarLeida(ana, "S-NUEVA");
    const [primera] = await (await getDb()).select().from(panelConsultasLeidas).where(eq(panelConsultasLeidas.sid, "S-NUEVA"));
    await marcarLeida(ana, "S-NUEVA");
    const [segunda] = await (await getDb()).select().from(panelConsultasLeidas).where(eq(panelConsultasLeidas.sid, "S-NUEVA"));
    expect(segunda?.leida).toEqual(primera?.leida);
    expect(await leidasDe(ana, ["S-NUEVA", "S-OTRA"])).toEqual(new Set(["S-NUEVA"]));
  });

  it("writing a user's mark deletes that user's marks older than the inbox's 90 days, and nobody else's", async () => {
    const db = await getDb();
    await db.insert(panelConsultasLeidas).values([
      { userId: ana, sid: "S-VIEJA", leida: haceDias(91) },
      { userId: ana, sid: "S-RECIENTE", leida: haceDias(89) },
      { userId: beto, sid: "S-VIEJA", leida: haceDias(120) },
    ]);
    await marcarLeida(ana, "S-HOY");
    expect(await sidsDe(ana)).toEqual(["S-HOY", "S-NUEVA", "S-RECIENTE"]);
    expect(await sidsDe(beto)).toEqual(["S-VIEJA"]);
  });
});
