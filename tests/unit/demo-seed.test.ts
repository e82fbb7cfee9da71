import { afterAll, describe, expect, it } from "vitest";
import { removeDataDir } from "../support/pglite-propia";

/**
 * `seed demo` on a database no server started (the operator CLI's case: the catalogue not loaded
 * yet): the listings name the catalogue's items, hold the levels their package has, and show the
 * demo's photos (decisions 0008, 0067).
 */

process.env.PUBLIC_BASE_URL = "http://demo.test:3000";
const { closeDb, getDb } = await import("@/lib/db");
const { sql } = await import("drizzle-orm");
const { seedDemo } = await import("@/lib/service/demo/seed-demo");
const { DEMO_AGENCIAS } = await import("@/lib/service/demo/data");

afterAll(async () => {
  await closeDb();
  removeDataDir();
});

const rows = async <T>(query: ReturnType<typeof sql>) => ((await (await getDb()).execute(query)) as unknown as { rows: T[] }).rows;

describe("seed demo", () => {
  it("seeds listings with catalogue ids, prices and photos, within each package's publications and levels", async () => {
    await seedDemo({ consultas: 20, seed: 7 });
    const [ids] = await rows<{ sin_ids: number; total: number; sin_precio: number }>(
      sql`select count(*) filter (where marca_id is null or modelo_id is null or carroceria_id is null or color_id is null)::int as sin_ids,
                 count(*) filter (where precio is null)::int as sin_precio, count(*)::int as total from publicaciones`,
    );
    expect(ids).toEqual({ sin_ids: 0, sin_precio: 0, total: DEMO_AGENCIAS.reduce((sum, agencia) => sum + agencia.publicaciones, 0) });
    for (const demo of DEMO_AGENCIAS) {
      const uso = await rows<{ exposicion: string; activas: number }>(
        sql`select p.exposicion, count(*)::int as activas from publicaciones p join agencias a on a.id = p.agencia_id
            where a.admin_mail = ${demo.adminMail} and p.estado = 'activa' group by p.exposicion`,
      );
      const total = uso.reduce((sum, level) => sum + level.activas, 0);
      expect(total, demo.adminMail).toBeGreaterThan(0);
      expect(total, demo.adminMail).toBeLessThanOrEqual(demo.plan.publicaciones);
      for (const { exposicion, activas } of uso) {
        expect(activas, `${demo.adminMail} ${exposicion}`).toBeLessThanOrEqual(
          demo.plan[exposicion.toLowerCase() as "alta" | "media" | "baja"],
        );
      }
    }
    const fotos = await rows<{ url: string }>(sql`select url from publicacion_fotos`);
    expect(fotos.length).toBeGreaterThan(0);
    expect(fotos.every(({ url }) => /^http:\/\/demo\.test:3000\/demo\/fotos\/\d+\.jpg$/.test(url))).toBe(true);
  });
});
