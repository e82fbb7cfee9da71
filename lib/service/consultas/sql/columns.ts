import "server-only";
import { and, eq, type Placeholder } from "drizzle-orm";
import { consultas, consultasAtencion } from "@/lib/db/schema";

/** The columns an enquiry is presented from: what a page of the list reads, and nothing more. */
export const presentedColumns = {
  sid: consultas.sid,
  momento: consultas.momento,
  origenLead: consultas.origenLead,
  tipoAnuncio: consultas.tipoAnuncio,
  auto: consultas.auto,
  interesado: consultas.interesado,
  operadorResponsable: consultas.operadorResponsable,
};

/** The app's mark on the enquiry (docs/decisions/0041), read through `atencionOf`'s left join. */
export const atencionColumns = {
  atendida: consultasAtencion.atendida,
  por: consultasAtencion.por,
  momento: consultasAtencion.momento,
};

/** Joins each enquiry to the app's own mark on it, and to no other app's. */
export const atencionOf = (appId: string | Placeholder) =>
  and(eq(consultasAtencion.sid, consultas.sid), eq(consultasAtencion.appId, appId));
