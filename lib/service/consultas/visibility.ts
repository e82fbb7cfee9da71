import "server-only";
import { and, eq, isNull, or, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { consultas } from "@/lib/db/schema";
import { findVisible, type Visible } from "@/lib/service/agencias/relation";

/** The agency when it is registered and attached to the app; enquiries exist for no other. */
export async function registeredAgencia(db: Db, appId: string, adminMail: string): Promise<Visible | undefined> {
  const visible = await findVisible(db, appId, adminMail);
  return visible?.estado === "registrada" ? visible : undefined;
}

/**
 * The enquiries of the agency the app sees (decisions §8): those about its own listings, plus
 * catalogue enquiries when the agency enabled the app for them.
 */
export function visibleTo({ agencia, relation }: Visible): SQL {
  const own = eq(consultas.appId, relation.appId);
  const app = relation.compartirCatalogo ? (or(own, and(isNull(consultas.appId), eq(consultas.tipoAnuncio, "catalogo"))) as SQL) : own;
  return and(eq(consultas.agenciaId, agencia.id), app) as SQL;
}
