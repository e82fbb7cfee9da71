import "server-only";
import { and, eq, isNull, or, sql } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { publicaciones } from "@/lib/db/schema";
import { lookUp } from "./resolve";

/**
 * Listings stored before the models catalogue (migration 0020 filled their names from their Auto)
 * get the ids of the catalogue items their names match, once the catalogue is loaded; what it does
 * not know keeps its name and no id (decisions 0066). One lookup per distinct car.
 */
export async function matchLegacyListings(): Promise<number> {
  const db = await getDb();
  const cars = await db
    .selectDistinct({
      agenciaId: publicaciones.agenciaId,
      appId: publicaciones.appId,
      marca: publicaciones.marca,
      modelo: publicaciones.modelo,
      carroceria: publicaciones.carroceria,
      color: publicaciones.color,
    })
    .from(publicaciones)
    .where(or(isNull(publicaciones.marcaId), isNull(publicaciones.modeloId)));
  let matched = 0;
  for (const car of cars) {
    const found = await lookUp(
      db,
      car.agenciaId,
      {
        marca: { member: "Marca", value: car.marca },
        modelo: { member: "Modelo", value: car.modelo },
        carroceria: { member: "Carroceria", value: car.carroceria },
        color: { member: "Color", value: car.color },
      },
      car.appId,
    );
    if (!found.marca || !found.modelo) continue;
    const updated = await db
      .update(publicaciones)
      .set({
        marcaId: found.marca.id,
        modeloId: found.modelo.id,
        carroceriaId: found.carroceria?.id ?? null,
        colorId: found.color?.id ?? null,
      })
      .where(
        and(
          eq(publicaciones.agenciaId, car.agenciaId),
          eq(publicaciones.marca, car.marca),
          eq(publicaciones.modelo, car.modelo),
          sql`${publicaciones.carroceria} is not distinct from ${car.carroceria}`,
          sql`${publicaciones.color} is not distinct from ${car.color}`,
          sql`(${publicaciones.marcaId} is null or ${publicaciones.modeloId} is null)`,
        ),
      )
      .returning({ id: publicaciones.id });
    matched += updated.length;
  }
  return matched;
}
