import "server-only";
import { asc, desc, inArray } from "drizzle-orm";
import { type Agencia, type AgenciaRef, agenciaPath } from "@/lib/api/agencias";
import { segment } from "@/lib/api/links";
import type { Db } from "@/lib/db";
import { operadores } from "@/lib/db/schema";
import { config } from "@/lib/env";
import { formatDateTime } from "@/lib/time";
import type { Visible } from "./relation";

type Operador = typeof operadores.$inferSelect;

export function agenciaLinks(adminMail: string) {
  const self = agenciaPath(adminMail);
  return {
    self: { href: self },
    productos: { href: `${self}/productos` },
    consultas: { href: `/v3/consultas/${segment(adminMail)}` },
    desasociar: { href: `${self}/desasociar` },
  };
}

/**
 * What the app may see of the agency's data: the account's once the agency accepted the app's
 * invitation; until then only what the app itself wrote in it (docs/decisions/0022).
 */
function datosVisibles({ agencia, relation, estado }: Visible) {
  if (estado === "registrada") {
    const { nombre, telefono, whatsapp, region, ciudad, direccion } = agencia;
    return { nombre, telefono, whatsapp, region, ciudad, direccion };
  }
  return {
    nombre: relation.invitacionNombre,
    telefono: relation.invitacionTelefono,
    whatsapp: null,
    region: null,
    ciudad: null,
    direccion: null,
  };
}

export const agenciaTitle = (adminMail: string, nombre: string | null) => (nombre ? `${nombre} (${adminMail})` : adminMail);

/** `people`: the agency's operators, shown only when the agency is registered with the app. */
export function presentAgencia(visible: Visible, people: Operador[], form: "entry" | "ref" = "entry"): Agencia | AgenciaRef {
  const { agencia, relation, estado } = visible;
  const datos = datosVisibles(visible);
  if (form === "ref") return { href: agenciaPath(agencia.adminMail), title: agenciaTitle(agencia.adminMail, datos.nombre) };
  const zone = config().timeZone;
  return {
    AdminMail: agencia.adminMail,
    Nombre: datos.nombre,
    Estado: estado,
    Telefono: datos.telefono,
    WhatsApp: datos.whatsapp,
    Region: datos.region,
    Ciudad: datos.ciudad,
    Direccion: datos.direccion,
    Invitada: formatDateTime(relation.invitadaAt, zone),
    Registrada: relation.registradaAt ? formatDateTime(relation.registradaAt, zone) : null,
    Operadores:
      estado === "registrada"
        ? people.map((person) => ({
            Email: person.email,
            Nombre: person.nombre,
            Apellido: person.apellido,
            EsAdministrador: person.esAdministrador,
          }))
        : [],
    _links: agenciaLinks(agencia.adminMail),
  };
}

/** Operators of each agency: the administrator first, then by e-mail. */
export async function operadoresOf(db: Db, agenciaIds: string[]): Promise<Map<string, Operador[]>> {
  const byAgency = new Map<string, Operador[]>(agenciaIds.map((id) => [id, []]));
  if (agenciaIds.length === 0) return byAgency;
  const rows = await db
    .select()
    .from(operadores)
    .where(inArray(operadores.agenciaId, agenciaIds))
    .orderBy(desc(operadores.esAdministrador), asc(operadores.email));
  for (const row of rows) byAgency.get(row.agenciaId)?.push(row);
  return byAgency;
}

/** One agency's entry (or ref), reading its operators with the given connection or transaction. */
export async function presentVisible(db: Db, visible: Visible, form: "entry" | "ref" = "entry"): Promise<Agencia | AgenciaRef> {
  if (form === "ref" || visible.estado !== "registrada") return presentAgencia(visible, [], form);
  const people = await operadoresOf(db, [visible.agencia.id]);
  return presentAgencia(visible, people.get(visible.agencia.id) ?? [], form);
}
