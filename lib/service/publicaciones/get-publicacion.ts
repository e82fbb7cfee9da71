import "server-only";
import type { Publicacion, PublicacionRef } from "@/lib/api/publicaciones";
import { getDb } from "@/lib/db";
import type { AuthenticatedApp } from "@/lib/service/apps/find-app";
import { findListing } from "./listing";
import { presentPublicacion } from "./present-publicacion";

/** GET /v3/publicaciones/{adminMail}/{externalId}: the app's listing, in any state. */
export async function getPublicacion(
  app: AuthenticatedApp,
  adminMail: string,
  externalId: string,
  form: "entry" | "ref",
): Promise<Publicacion | PublicacionRef> {
  const db = await getDb();
  const found = await findListing(db, app.id, adminMail, externalId);
  return presentPublicacion(db, found.publicacion, found.adminMail, form);
}
