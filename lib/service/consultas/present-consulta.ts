import "server-only";
import { agenciaPath } from "@/lib/api/agencias";
import { type Auto, type Consulta, type ConsultaRef, consultaPath, type Interesado } from "@/lib/api/consultas";
import { publicacionPath } from "@/lib/api/publicaciones";
import type { consultas } from "@/lib/db/schema";
import { config } from "@/lib/env";
import { formatDateTime } from "@/lib/time";
import type { presentedColumns } from "./sql/columns";

export type ConsultaRow = typeof consultas.$inferSelect;

type AtencionRow = { atendida: boolean; por: string; momento: Date };

/** `atencion`: the app's mark; absent or null when nobody marked it (a notification at ingestion). */
export type PresentedRow = Pick<ConsultaRow, keyof typeof presentedColumns> & { atencion?: AtencionRow | null };

/**
 * An enquiry's links; `listing`, the ExternalId of the app's listing it is about (every `publicacion`
 * enquiry an app sees is about one of its own), adds `publicacion`.
 */
export function consultaLinks(adminMail: string, sid: string, listing?: string) {
  const self = consultaPath(adminMail, sid);
  return {
    self: { href: self },
    agencia: { href: agenciaPath(adminMail) },
    atencion: { href: `${self}/atencion` },
    resendwebhook: { href: `${self}/resendwebhook` },
    ...(listing && { publicacion: { href: publicacionPath(adminMail, listing) } }),
  };
}

export function presentConsulta(row: PresentedRow, adminMail: string): Consulta;
export function presentConsulta(row: PresentedRow, adminMail: string, form: "ref"): ConsultaRef;
export function presentConsulta(row: PresentedRow, adminMail: string, form: "entry" | "ref"): Consulta | ConsultaRef;
export function presentConsulta(row: PresentedRow, adminMail: string, form: "entry" | "ref" = "entry"): Consulta | ConsultaRef {
  const auto = row.auto as Auto;
  const interesado = row.interesado as Interesado;
  if (form === "ref") {
    return {
      href: consultaPath(adminMail, row.sid),
      title: `${interesado.Nombre} ${interesado.Apellido}: ${auto.Marca} ${auto.Modelo}`,
    };
  }
  return {
    Momento: formatDateTime(row.momento, config().timeZone),
    OrigenLead: row.origenLead,
    TipoAnuncio: row.tipoAnuncio,
    Auto: auto,
    Interesado: interesado,
    OperadorResponsable: row.operadorResponsable,
    Atencion: row.atencion
      ? { Atendida: row.atencion.atendida, Por: row.atencion.por, Momento: formatDateTime(row.atencion.momento, config().timeZone) }
      : null,
    _links: consultaLinks(adminMail, row.sid, row.tipoAnuncio === "publicacion" ? auto.ExternalId : undefined),
  };
}

/** The Datos of a `consultas` notification (docs/contract.md#delivery). */
export function consultaDatos(row: PresentedRow, adminMail: string) {
  return { AdminMail: adminMail, Sid: row.sid, Consulta: presentConsulta(row, adminMail) };
}
