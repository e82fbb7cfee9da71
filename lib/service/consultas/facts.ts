import "server-only";
import { and, eq } from "drizzle-orm";
import type { ListConsultasFilters } from "@/lib/api/consultas";
import { searchWords } from "@/lib/api/limites";
import { fieldProblem, NotFound, Problem } from "@/lib/api/problem";
import type { Db } from "@/lib/db";
import { operadores } from "@/lib/db/schema";
import { expiringCache } from "@/lib/expiring-cache";
import { registeredAgencia } from "@/lib/service/agencias/relation";
import { termParams } from "./sql/matches";
import type { ListShape } from "./sql/shape";

/**
 * What a list's statements are built on (decisions 0017): the agency the app sees under that
 * adminMail, whether it shares catalogue enquiries with the app, and the operator an `operador`
 * filter names. Kept for a few seconds per process, so most list requests skip one or two round
 * trips; the statements check that these are still true when they run (`factsStillTrue` in
 * sql/shape.ts), and a list whose facts changed is read again with fresh ones (`readWithCurrentFacts`).
 */
export type ListFacts = {
  agenciaId: string;
  adminMail: string;
  appId: string;
  compartir: boolean;
  operador?: { email: string; administrador: boolean };
};

const cachedFacts = expiringCache<ListFacts>(10_000, 10_000);

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

/** The facts of a list: cached ones unless `fresh`; a 404 when the app does not see the agency, a 400 for an unknown operador. */
export async function listFacts(
  db: Db,
  appId: string,
  adminMail: string,
  operadorEmail: string | undefined,
  options: { fresh?: boolean } = {},
): Promise<ListFacts> {
  const key = `${appId} ${adminMail.toLowerCase()} ${operadorEmail ?? ""}`;
  const known = options.fresh ? undefined : cachedFacts.get(key);
  if (known) return known;
  cachedFacts.delete(key);
  const facts = await readFacts(db, appId, adminMail, operadorEmail);
  cachedFacts.set(key, facts);
  return facts;
}

/** The shape of a list without filters of its own, as the facts make it. */
export function listShapeOf(facts: ListFacts): ListShape {
  return {
    compartir: facts.compartir,
    // The administrator sees every enquiry of the agency: naming them narrows nothing.
    operador: facts.operador?.administrador === false,
    administrador: facts.operador?.administrador === true,
    externalId: false,
    terminos: 0,
    atendida: undefined,
  };
}

/** What a list's filters (those of the list, the export and the search within them) make of its shape, and its placeholders' values but the period's. */
export function listScope(facts: ListFacts, filters: Pick<ListConsultasFilters, "q" | "externalid" | "atendida">) {
  const terms = searchWords(filters.q);
  const shape: ListShape = {
    ...listShapeOf(facts),
    externalId: Boolean(filters.externalid),
    terminos: terms.length,
    atendida: filters.atendida,
  };
  const values = {
    agencia: facts.agenciaId,
    app: facts.appId,
    adminMail: facts.adminMail,
    operador: facts.operador?.email,
    externalId: filters.externalid?.toLowerCase(),
    ...termParams(terms),
  };
  return { shape, values };
}

/** Reading the facts again and again finding them changed by the time the statements run: give up after this many. */
const MAX_READS = 3;

/**
 * `read` on the cached facts, and again on fresh ones while it finds that they are no longer true
 * (`factsTrue` false); a 503 when they keep changing under it.
 */
export async function readWithCurrentFacts<T extends { factsTrue: boolean }>(
  db: Db,
  appId: string,
  adminMail: string,
  operadorEmail: string | undefined,
  read: (facts: ListFacts) => Promise<T>,
): Promise<{ facts: ListFacts; result: T & { factsTrue: true } }> {
  let facts = await listFacts(db, appId, adminMail, operadorEmail);
  let result = await read(facts);
  for (let reads = 1; !result.factsTrue; reads++) {
    if (reads === MAX_READS) {
      throw new Problem(503, "La agencia cambió mientras se leían sus consultas: volvé a pedir la lista.", undefined, {
        "Retry-After": "1",
      });
    }
    facts = await listFacts(db, appId, adminMail, operadorEmail, { fresh: true });
    result = await read(facts);
  }
  return { facts, result: result as T & { factsTrue: true } };
}
