import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { SuscripcionAlertas, SuscripcionAlertasUpsert } from "@/lib/api/alertas";
import { type FieldErrors, validationProblem } from "@/lib/api/problem";
import { type Db, getDb } from "@/lib/db";
import { agenciaApps, agencias, alertasAgencias, alertasSuscripciones, operadores } from "@/lib/db/schema";
import { newId } from "@/lib/ids";
import type { AuthenticatedApp } from "@/lib/service/apps/find-app";
import { presentSuscripcion } from "./suscripcion";

/**
 * The agencies named, by AdminMail, that are registered with the app, each with whether `operador`
 * is one of its operators; a 400 naming each agency that is not, or whose operator it is not.
 */
async function agenciasPermitidas(db: Db, appId: string, input: SuscripcionAlertasUpsert): Promise<string[]> {
  if (input.Agencias.length === 0) return [];
  const rows = await db
    .select({ id: agencias.id, adminMail: agencias.adminMail, operador: operadores.email })
    .from(agencias)
    .innerJoin(agenciaApps, and(eq(agenciaApps.agenciaId, agencias.id), eq(agenciaApps.appId, appId), eq(agenciaApps.estado, "registrada")))
    .leftJoin(operadores, and(eq(operadores.agenciaId, agencias.id), eq(operadores.email, input.Operador ?? "")))
    .where(inArray(agencias.adminMail, input.Agencias));
  const found = new Map(rows.map((row) => [row.adminMail, row]));
  const errors: FieldErrors = {};
  input.Agencias.forEach((adminMail, index) => {
    const row = found.get(adminMail);
    if (!row) errors[`Agencias[${index}]`] = [`No hay ninguna agencia registrada con la app con administrador ${adminMail}.`];
    else if (input.Operador && !row.operador) errors.Operador = [`${input.Operador} no es operador de la agencia ${adminMail}.`];
  });
  if (Object.keys(errors).length > 0) throw validationProblem(errors);
  return rows.map((row) => row.id);
}

/**
 * PUT /v3/alertas/{suscriptor}: creates or replaces the app's subscription of that name and the
 * agencies it covers, in one transaction (docs/contract.md#alerts).
 */
export async function putSuscripcionAlertas(
  app: AuthenticatedApp,
  suscriptor: string,
  input: SuscripcionAlertasUpsert,
): Promise<SuscripcionAlertas> {
  const db = await getDb();
  const agenciaIds = await agenciasPermitidas(db, app.id, input);
  // Push absent keeps the browser's subscription saved before: its keys are never returned to send back.
  const push =
    input.Push === undefined
      ? {}
      : {
          pushEndpoint: input.Push?.Endpoint ?? null,
          pushP256dh: input.Push?.Keys.p256dh ?? null,
          pushAuth: input.Push?.Keys.auth ?? null,
        };
  const values = {
    email: input.Email,
    ...push,
    operador: input.Operador,
    enlace: input.Enlace,
    horario: input.Horario,
    updatedAt: new Date(),
  };
  const row = await db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(alertasSuscripciones)
      .values({ id: newId(), appId: app.id, suscriptor, ...values })
      .onConflictDoUpdate({ target: [alertasSuscripciones.appId, alertasSuscripciones.suscriptor], set: values })
      .returning();
    if (!saved) throw new Error("the subscription was not saved");
    await tx.delete(alertasAgencias).where(eq(alertasAgencias.suscripcionId, saved.id));
    if (agenciaIds.length > 0) {
      await tx.insert(alertasAgencias).values(agenciaIds.map((agenciaId) => ({ agenciaId, suscripcionId: saved.id })));
    }
    return saved;
  });
  return presentSuscripcion(db, row);
}
