import "server-only";
import { and, asc, eq, exists, gt, lte, type SQL } from "drizzle-orm";
import type { Agencia, AgenciaRef, EstadoAgencia } from "@/lib/api/agencias";
import { getDb } from "@/lib/db";
import { agenciaApps, agencias, operadores } from "@/lib/db/schema";
import type { AuthenticatedApp } from "@/lib/service/apps/find-app";
import { operadoresOf, presentAgencia } from "./present-agencia";

type ListAgenciasQuery = { operador?: string; estado?: EstadoAgencia };

/** GET /v3/agencias: registered agencies of the app, or (extension) its pending or expired invitations. */
export async function listAgencias(app: AuthenticatedApp, query: ListAgenciasQuery, form: "entry"): Promise<Agencia[]>;
export async function listAgencias(app: AuthenticatedApp, query: ListAgenciasQuery, form: "ref"): Promise<AgenciaRef[]>;
export async function listAgencias(app: AuthenticatedApp, query: ListAgenciasQuery, form: "entry" | "ref") {
  const db = await getDb();
  const now = new Date();
  const estado = query.estado ?? "registrada";
  const byEstado: Record<EstadoAgencia, SQL | undefined> = {
    registrada: eq(agenciaApps.estado, "registrada"),
    pendiente: and(eq(agenciaApps.estado, "pendiente"), gt(agenciaApps.invitacionVenceAt, now)),
    vencida: and(eq(agenciaApps.estado, "pendiente"), lte(agenciaApps.invitacionVenceAt, now)),
  };
  // An agency's operators exist for the app only once the agency accepted its invitation.
  const operador = query.operador
    ? and(
        eq(agenciaApps.estado, "registrada"),
        exists(
          db
            .select({ one: operadores.email })
            .from(operadores)
            .where(and(eq(operadores.agenciaId, agencias.id), eq(operadores.email, query.operador))),
        ),
      )
    : undefined;
  const rows = await db
    .select({ agencia: agencias, relation: agenciaApps })
    .from(agenciaApps)
    .innerJoin(agencias, eq(agencias.id, agenciaApps.agenciaId))
    .where(and(eq(agenciaApps.appId, app.id), byEstado[estado], operador))
    .orderBy(asc(agencias.adminMail));
  const people =
    form === "entry" && estado === "registrada"
      ? await operadoresOf(
          db,
          rows.map((row) => row.agencia.id),
        )
      : new Map();
  return rows.map((row) => presentAgencia({ ...row, estado }, people.get(row.agencia.id) ?? [], form));
}
