import "server-only";
import { and, eq } from "drizzle-orm";
import { fieldProblem, NotFound } from "@/lib/api/problem";
import type { Db } from "@/lib/db";
import { operadores } from "@/lib/db/schema";
import { keptFor } from "@/lib/kept";
import { registeredAgencia } from "./visibility";

/**
 * What a list's statements are built on (decisions 0017): the agency the app sees under that
 * adminMail, whether it shares catalogue enquiries with the app, and the operator an `operador`
 * filter names. Kept for a few seconds per process, so most list requests skip one or two round
 * trips; the statements check that these still hold when they run (`factsHold` in list-shape.ts),
 * and a list whose facts changed is read again with fresh ones.
 */
export type ListFacts = {
  agenciaId: string;
  adminMail: string;
  appId: string;
  compartir: boolean;
  operador?: { email: string; administrador: boolean };
};

const kept = keptFor<ListFacts>(10_000, 10_000);

async function readFacts(db: Db, appId: string, adminMail: string, operadorEmail: string | undefined): Promise<ListFacts> {
  const visible = await registeredAgencia(db, appId, adminMail);
  if (!visible) throw new NotFound();
  const facts: ListFacts = {
    agenciaId: visible.agencia.id,
    adminMail: visible.agencia.adminMail,
    appId: visible.relation.appId,
    compartir: visible.relation.compartirCatalogo,
  };
  if (operadorEmail === undefined) return facts;
  const [operador] = await db
    .select()
    .from(operadores)
    .where(and(eq(operadores.agenciaId, visible.agencia.id), eq(operadores.email, operadorEmail)));
  if (!operador) throw fieldProblem("operador", `${operadorEmail} no es operador de la agencia.`);
  return { ...facts, operador: { email: operador.email, administrador: operador.esAdministrador } };
}

/** The facts of a list: kept ones unless `fresh`; a 404 when the app does not see the agency, a 400 for an unknown operador. */
export async function listFacts(
  db: Db,
  appId: string,
  adminMail: string,
  operadorEmail: string | undefined,
  options: { fresh?: boolean } = {},
): Promise<ListFacts> {
  const key = `${appId} ${adminMail.toLowerCase()} ${operadorEmail ?? ""}`;
  const known = options.fresh ? undefined : kept.get(key);
  if (known) return known;
  kept.delete(key);
  const facts = await readFacts(db, appId, adminMail, operadorEmail);
  kept.set(key, facts);
  return facts;
}
