import "server-only";
import { asc } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { apps } from "@/lib/db/schema";

export type AppSummary = {
  AppId: string;
  Nombre: string;
  AppKey: string;
  Topics: string[];
  Contacto: string | null;
  SecretosActivos: number;
  Creada: string;
};

export async function listApps(): Promise<AppSummary[]> {
  const db = await getDb();
  const rows = await db.select().from(apps).orderBy(asc(apps.createdAt), asc(apps.id));
  return rows.map((row) => ({
    AppId: row.id,
    Nombre: row.name,
    AppKey: row.appKey,
    Topics: row.topics,
    Contacto: row.contactEmail,
    SecretosActivos: row.secretSecondary ? 2 : 1,
    Creada: row.createdAt.toISOString(),
  }));
}
