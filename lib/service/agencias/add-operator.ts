import "server-only";
import { getDb } from "@/lib/db";
import { operadores } from "@/lib/db/schema";
import { agencyByAdmin } from "./relation";

/** `agency operator`: adds (or renames) a collaborator of the agency. The administrator stays administrator. */
export async function addOperator(input: { admin: string; email: string; nombre: string; apellido: string }) {
  const db = await getDb();
  const agencia = await agencyByAdmin(db, input.admin);
  const email = input.email.toLowerCase();
  const [row] = await db
    .insert(operadores)
    .values({ agenciaId: agencia.id, email, nombre: input.nombre, apellido: input.apellido, esAdministrador: email === agencia.adminMail })
    .onConflictDoUpdate({ target: [operadores.agenciaId, operadores.email], set: { nombre: input.nombre, apellido: input.apellido } })
    .returning();
  return {
    AdminMail: agencia.adminMail,
    Email: email,
    Nombre: row?.nombre,
    Apellido: row?.apellido,
    EsAdministrador: row?.esAdministrador ?? false,
  };
}
