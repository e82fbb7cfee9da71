import { beforeAll, describe, expect, it } from "vitest";
import { type Credentials, createApp } from "../support/client";
import { call, publish, registered } from "../support/consultas";
import { edicion, externalId, nuevaPublicacion, paquete, productos, publicar } from "../support/publicaciones";

/**
 * Decision 0130: a creation reads the package's use from the row the database keeps in every
 * statement that changes the agency's listings, instead of counting them. After each write path
 * (creation, suspension, a change of level, archiving, the operator's package, the marketplace's
 * ingestion, a detachment), a creation the package has no room for says in its 409 the same use as
 * AgenciaProductos, which counts the listings themselves, and one that has room is accepted.
 */

let app: Credentials;
let other: Credentials;

beforeAll(async () => {
  [app, other] = await Promise.all([createApp("Uso del paquete"), createApp("Uso del paquete, otra")]);
});

type Uso = { activas: number; Alta: number; Media: number; Baja: number };

/** The use AgenciaProductos counts from the listings. */
async function counted(mail: string): Promise<Uso> {
  const body = await productos(app, mail);
  return {
    activas: body.Publicaciones.Activas,
    Alta: body.Exposiciones.Alta.Usadas,
    Media: body.Exposiciones.Media.Usadas,
    Baja: body.Exposiciones.Baja.Usadas,
  };
}

/** A creation the package has no room for: its 409 carries the use the creation read, which must be the counted one. */
async function refusedWith(mail: string, expected: Uso) {
  const response = await publicar(app, mail, nuevaPublicacion());
  expect(response.status).toBe(409);
  const problem = await response.json();
  const { Publicaciones, Exposiciones } = problem.Extensions.Paquete;
  const read = {
    activas: Publicaciones.Activas,
    Alta: Exposiciones.Alta.Usadas,
    Media: Exposiciones.Media.Usadas,
    Baja: Exposiciones.Baja.Usadas,
  };
  expect(read).toEqual(expected);
  expect(await counted(mail)).toEqual(expected);
}

const put = (mail: string, body: ReturnType<typeof nuevaPublicacion>, extra: Record<string, unknown>) =>
  call(app, "PUT", `/v3/publicaciones/${mail}/${body.ExternalId}`, edicion(body, extra));

describe("the package's use a creation reads", () => {
  it("follows every write path of the agency's listings", async () => {
    const mail = await registered([
      [app, false],
      [other, false],
    ]);
    await paquete(mail, { publicaciones: 3, alta: 1, media: 1, baja: 1 });
    const alta = nuevaPublicacion({ Exposicion: "Alta" });
    const media = nuevaPublicacion({ Exposicion: "Media" });
    const baja = nuevaPublicacion({ Exposicion: "Baja" });
    for (const body of [alta, media, baja]) expect((await publicar(app, mail, body)).status).toBe(201);
    // A listing saved with Activa false uses nothing.
    const staged = nuevaPublicacion({ Activa: false });
    expect((await publicar(app, mail, staged)).status).toBe(201);
    await refusedWith(mail, { activas: 3, Alta: 1, Media: 1, Baja: 1 });

    // Suspended by the app: its place and level are free at once, and taken by the next creation.
    expect((await put(mail, alta, { Activa: false })).status).toBe(200);
    const again = await publicar(app, mail, nuevaPublicacion({ Exposicion: null }));
    expect(await again.json()).toMatchObject({ Estado: "Activa", Exposicion: "Alta" });
    await refusedWith(mail, { activas: 3, Alta: 1, Media: 1, Baja: 1 });

    // Archived: the same.
    expect((await call(app, "DELETE", `/v3/publicaciones/${mail}/${media.ExternalId}`)).status).toBe(204);
    await paquete(mail, { publicaciones: 3, alta: 1, media: 1, baja: 2 });
    expect(await counted(mail)).toEqual({ activas: 2, Alta: 1, Media: 0, Baja: 1 });
    // A change of level moves its place from one level to the other.
    expect((await put(mail, baja, { Exposicion: "Media" })).status).toBe(200);
    expect(await counted(mail)).toEqual({ activas: 2, Alta: 1, Media: 1, Baja: 0 });
    // Activated by a PUT (the staged one) and by the marketplace's ingestion, in another app's name.
    expect((await put(mail, staged, { Activa: true, Exposicion: "Baja" })).status).toBe(200);
    await refusedWith(mail, { activas: 3, Alta: 1, Media: 1, Baja: 1 });
    await paquete(mail, { publicaciones: 4, alta: 1, media: 1, baja: 2 });
    expect((await publish(other, mail, externalId("MKT"))).status).toBeLessThan(300);
    await refusedWith(mail, { activas: 4, Alta: 1, Media: 1, Baja: 2 });

    // The operator lowers the package: the most recent are suspended, and their places freed.
    expect((await paquete(mail, { publicaciones: 2, alta: 1, media: 1, baja: 2 })).Suspendidas).toBe(2);
    const lowered = await counted(mail);
    expect(lowered.activas).toBe(2);
    await refusedWith(mail, lowered);

    // The other app detached: its listings are suspended and their places freed.
    await paquete(mail, { publicaciones: 4, alta: 1, media: 1, baja: 2 });
    expect((await publish(other, mail, externalId("MKT"))).status).toBeLessThan(300);
    const before = await counted(mail);
    expect((await call(other, "PATCH", `/v3/agencias/${mail}/desasociar`)).status).toBe(204);
    const detached = await counted(mail);
    expect(detached.activas).toBe(before.activas - 1);
    for (let n = detached.activas; n < 4; n++) expect((await publicar(app, mail, nuevaPublicacion())).status).toBe(201);
    await refusedWith(mail, await counted(mail));
    expect((await counted(mail)).activas).toBe(4);
  }, 120_000);
});
