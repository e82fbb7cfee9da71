import "server-only";
import { and, type Column, eq, isNull, or, type Placeholder, type SQL } from "drizzle-orm";
import { consultas } from "@/lib/db/schema";
import type { Visible } from "@/lib/service/agencias/relation";

/**
 * The enquiries of the agency the app sees (docs/contract.md#visibility): those about its own listings, plus
 * catalogue enquiries when the agency enabled the app for them (`shares`: known, or a condition on
 * the relation's row when the query joins it). `of`: the enquiries' table, or the copy of their
 * columns that their search terms carry.
 */
export function visibleEnquiries(
  agenciaId: string | Column | Placeholder,
  appId: string | Placeholder,
  shares: boolean | SQL,
  of: { agenciaId: Column; appId: Column; tipoAnuncio: Column } = consultas,
): SQL {
  const own = eq(of.appId, appId);
  const catalogue = and(isNull(of.appId), eq(of.tipoAnuncio, "catalogo"));
  const seen = shares === false ? own : or(own, shares === true ? catalogue : and(catalogue, shares));
  return and(eq(of.agenciaId, agenciaId), seen) as SQL;
}

export const visibleTo = ({ agencia, relation }: Visible): SQL => visibleEnquiries(agencia.id, relation.appId, relation.compartirCatalogo);
