import "server-only";
import type { Consulta } from "@/lib/api/consultas";
import { dinero, type Formateador, fechaHora, numero, SIN_DATO } from "@/lib/panel/formatos";
import type { Traductor } from "@/lib/panel/i18n/idiomas";

/**
 * How an enquiry reads in the Panel: the inbox's rows and the detail's sections, in the user's
 * language with the Panel's formats (lib/panel/formatos.ts). The server formats and the client
 * components only render strings, so both always agree. The API's values (names, e-mails, Estado…)
 * are shown as the API sends them.
 */

const TIPOS = ["publicacion", "catalogo"] as const;

/** The listing type in the user's words; a type the API may add later reads as it sends it. */
function tipoDeAnuncio(tipo: string, t: Traductor): string {
  return (TIPOS as readonly string[]).includes(tipo) ? t(`consultas.tipos.${tipo as (typeof TIPOS)[number]}`) : tipo;
}

/** A value whose type the spec leaves open (Anticipo, Cuota, Adelanto, QuiereCotizacionSeguro…). */
function valorLibre(value: unknown, t: Traductor, f: Formateador): string {
  if (value === null || value === undefined || value === "") return SIN_DATO;
  if (typeof value === "boolean") return value ? t("comun.si") : t("comun.no");
  if (typeof value === "number") return numero(f, value);
  if (typeof value === "string") return value;
  if (typeof value === "object" && "Moneda" in value && "Importe" in value) return dinero(f, value as { Moneda: string; Importe: number });
  return JSON.stringify(value);
}

type CampoDeDetalle = Parameters<Traductor>[0] extends infer K ? (K extends `consultas.detalle.campos.${infer C}` ? C : never) : never;

export type FilaConsulta = {
  sid: string;
  momento: string;
  momentoIso: string;
  interesado: string;
  email: string;
  telefono: string | null;
  auto: string;
  precio: string;
  operador: string;
  tipo: string;
  externalId: string;
};

export function filaDe(consulta: Consulta, sid: string, t: Traductor, f: Formateador): FilaConsulta {
  const { Auto: auto, Interesado: interesado } = consulta;
  return {
    sid,
    momento: fechaHora(f, consulta.Momento),
    momentoIso: consulta.Momento,
    interesado: `${interesado.Nombre} ${interesado.Apellido}`.trim(),
    email: interesado.Email,
    telefono: interesado.Telefono,
    auto: [auto.Marca, auto.Modelo, auto.Version, auto.VersionYear ? `(${auto.VersionYear})` : null].filter(Boolean).join(" "),
    precio: dinero(f, auto.Precio),
    operador: consulta.OperadorResponsable,
    tipo: tipoDeAnuncio(consulta.TipoAnuncio, t),
    externalId: auto.ExternalId,
  };
}

export type Campo = { nombre: string; etiqueta: string; valor: string };
export type Seccion = { titulo: string; campos: Campo[] };

/** Every field of the enquiry, grouped as the detail panel shows them. */
export function seccionesDe(consulta: Consulta, sid: string, t: Traductor, f: Formateador): Seccion[] {
  const texto = (value: string | number | null | undefined) =>
    value === null || value === undefined || value === "" ? SIN_DATO : typeof value === "number" ? numero(f, value) : value;
  const campo = (nombre: CampoDeDetalle, valor: string): Campo => ({ nombre, etiqueta: t(`consultas.detalle.campos.${nombre}`), valor });
  const libre = (value: unknown) => valorLibre(value, t, f);
  const { Auto: auto, Interesado: interesado } = consulta;
  const info = interesado.InfoOperacion;
  const entrega = info?.EntregaVehiculo;
  const financiacion = info?.FinanciacionDeseada;
  return [
    {
      titulo: t("consultas.detalle.secciones.consulta"),
      campos: [
        campo("Sid", sid),
        campo("Momento", fechaHora(f, consulta.Momento)),
        campo("TipoAnuncio", tipoDeAnuncio(consulta.TipoAnuncio, t)),
        campo("OrigenLead", texto(consulta.OrigenLead)),
        campo("OperadorResponsable", texto(consulta.OperadorResponsable)),
      ],
    },
    {
      titulo: t("consultas.detalle.secciones.interesado"),
      campos: [
        campo("Nombre", texto(interesado.Nombre)),
        campo("Apellido", texto(interesado.Apellido)),
        campo("Email", texto(interesado.Email)),
        campo("Telefono", texto(interesado.Telefono)),
        campo("DocIdentidad", texto(interesado.DocIdentidad)),
        campo("Provincia", texto(interesado.Provincia)),
        campo("Ciudad", texto(interesado.Ciudad)),
        campo("Interes", texto(interesado.Interes)),
        campo("Comentario", texto(interesado.Comentario)),
      ],
    },
    {
      titulo: t("consultas.detalle.secciones.auto"),
      campos: [
        campo("ExternalId", auto.ExternalId || t("consultas.detalle.catalogo")),
        campo("RefStock", texto(auto.RefStock)),
        campo("Marca", texto(auto.Marca)),
        campo("Modelo", texto(auto.Modelo)),
        campo("Version", texto(auto.Version)),
        campo("VersionYear", auto.VersionYear === null ? SIN_DATO : String(auto.VersionYear)),
        campo("Kilometraje", auto.Kilometraje === null ? SIN_DATO : `${numero(f, auto.Kilometraje)} km`),
        campo("Color", texto(auto.Color)),
        campo("BodyType", texto(auto.BodyType)),
        campo("Estado", texto(auto.Estado)),
        campo("Precio", dinero(f, auto.Precio)),
        campo("Anticipo", libre(auto.Anticipo)),
        campo("Cuota", libre(auto.Cuota)),
      ],
    },
    {
      titulo: t("consultas.detalle.secciones.operacion"),
      campos: [
        campo(
          "EntregaVehiculo",
          entrega
            ? [entrega.Marca, entrega.Modelo, entrega.VersionYear === null ? null : String(entrega.VersionYear)].filter(Boolean).join(" ")
            : SIN_DATO,
        ),
        campo("Adelanto", libre(financiacion?.Adelanto)),
        campo("CuotaDeseada", dinero(f, financiacion?.Cuota)),
        campo("QuiereCotizacionSeguro", libre(info?.QuiereCotizacionSeguro)),
      ],
    },
  ];
}
