import "server-only";
import { enlaceEmail, enlaceTelefono, enlaceWhatsApp } from "@/lib/contacto";
import { dinero, duracion, type Formateador, fechaHora, numero, SIN_DATO } from "@/lib/panel/formatos";
import type { Traductor } from "@/lib/panel/i18n/idiomas";
import type { Consulta } from "@/lib/panel/v3-tipos";

/**
 * How an enquiry reads in the Panel: the inbox's rows and the detail's sections, in the user's
 * language with the Panel's formats (lib/panel/formatos.ts). The server formats and the client
 * components only render strings, so both always agree. People's data (names, e-mails…) is shown as
 * the API sends it; the API's codes (TipoAnuncio, OrigenLead, Interes, Estado) in words, the code kept
 * beside them for support.
 */

const TIPOS = ["publicacion", "catalogo"] as const;

/** The listing type in the user's words; a type the API may add later reads as it sends it. */
function tipoDeAnuncio(tipo: string, t: Traductor): string {
  return (TIPOS as readonly string[]).includes(tipo) ? t(`consultas.tipos.${tipo as (typeof TIPOS)[number]}`) : tipo;
}

/** The codes seen so far (docs/contract.md#enquiries) that the Panel says in words. */
const VALORES = { origen: ["form"], interes: ["compra"], estado: ["usado", "nuevo"] } as const;

/** A code in the user's words, and the code itself for a tooltip; a code the API may add later reads as it sends it. */
function enPalabras(grupo: keyof typeof VALORES, valor: string | null, t: Traductor): { valor: string; crudo?: string } {
  if (!valor) return { valor: SIN_DATO };
  if (!(VALORES[grupo] as readonly string[]).includes(valor)) return { valor };
  return { valor: t(`consultas.valores.${grupo}.${valor}` as Parameters<Traductor>[0]), crudo: valor };
}

/** A value whose type the contract leaves open (decisions 0034) (Anticipo, Cuota, Adelanto, QuiereCotizacionSeguro…). */
function valorLibre(value: unknown, t: Traductor, f: Formateador): string {
  if (value === null || value === undefined || value === "") return SIN_DATO;
  if (typeof value === "boolean") return value ? t("comun.si") : t("comun.no");
  if (typeof value === "number") return numero(f, value);
  if (typeof value === "string") return value;
  if (typeof value === "object" && "Moneda" in value && "Importe" in value) return dinero(f, value as { Moneda: string; Importe: number });
  return JSON.stringify(value);
}

type CampoDeDetalle = Parameters<Traductor>[0] extends infer K ? (K extends `consultas.detalle.campos.${infer C}` ? C : never) : never;

/** How to reach the buyer: the links, built here on the server (lib/panel/consultas/contacto.ts). */
export type Contacto = {
  nombre: string;
  email: string;
  mailto: string;
  telefono: string | null;
  tel: string | null;
  whatsapp: string | null;
};

/** The buyer's contact links; the e-mail's subject and WhatsApp's first line name the vehicle. */
export function contactoDe(consulta: Consulta, t: Traductor): Contacto {
  const { Auto: auto, Interesado: interesado } = consulta;
  const vehiculo = [auto.Marca, auto.Modelo, auto.VersionYear ? `(${auto.VersionYear})` : null].filter(Boolean).join(" ");
  const nombre = `${interesado.Nombre} ${interesado.Apellido}`.trim();
  return {
    nombre,
    email: interesado.Email,
    mailto: enlaceEmail(interesado.Email, t("consultas.contacto.asunto", { vehiculo })),
    telefono: interesado.Telefono,
    tel: interesado.Telefono ? enlaceTelefono(interesado.Telefono) : null,
    whatsapp: enlaceWhatsApp(interesado.Telefono, t("consultas.contacto.whatsappTexto", { nombre: interesado.Nombre, vehiculo })),
  };
}

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
  /** The buyer's question (Comentario), null when they wrote none: the row's one-line preview. */
  pregunta: string | null;
  contacto: Contacto;
  /** Whether the app marked it attended, and "Atendida en 12 min" when it did. */
  atendida: boolean;
  espera: string | null;
};

/** "Atendida en 12 min": from reception to the mark; null while nobody attended it. */
export function esperaDe(consulta: Consulta, t: Traductor, f: Formateador): string | null {
  if (!consulta.Atencion?.Atendida) return null;
  const minutos = (Date.parse(consulta.Atencion.Momento) - Date.parse(consulta.Momento)) / 60_000;
  return t("consultas.atencion.atendidaA", { espera: duracion(f, minutos) });
}

/** "Toyota Corolla XEi (2021)": the vehicle as the list and the detail name it. */
function vehiculoDe(auto: Consulta["Auto"]): string {
  return [auto.Marca, auto.Modelo, auto.Version, auto.VersionYear ? `(${auto.VersionYear})` : null].filter(Boolean).join(" ");
}

const preguntaDe = (consulta: Consulta) => consulta.Interesado.Comentario?.trim() || null;

export function filaDe(consulta: Consulta, sid: string, t: Traductor, f: Formateador): FilaConsulta {
  const { Auto: auto, Interesado: interesado } = consulta;
  return {
    sid,
    momento: fechaHora(f, consulta.Momento),
    momentoIso: consulta.Momento,
    interesado: `${interesado.Nombre} ${interesado.Apellido}`.trim(),
    email: interesado.Email,
    telefono: interesado.Telefono,
    auto: vehiculoDe(auto),
    precio: dinero(f, auto.Precio),
    operador: consulta.OperadorResponsable,
    tipo: tipoDeAnuncio(consulta.TipoAnuncio, t),
    externalId: auto.ExternalId,
    pregunta: preguntaDe(consulta),
    contacto: contactoDe(consulta, t),
    atendida: consulta.Atencion?.Atendida === true,
    espera: esperaDe(consulta, t, f),
  };
}

/** `crudo`: the API's code behind a value said in words (a tooltip for support). */
export type Campo = { nombre: string; etiqueta: string; valor: string; crudo?: string };
/** `plegada`: the metadata a salesperson rarely needs (sid, origin, listing type), folded away. */
export type Seccion = { titulo: string; campos: Campo[]; plegada?: boolean };

function campoDe(t: Traductor) {
  return (nombre: CampoDeDetalle, valor: string | { valor: string; crudo?: string }): Campo => ({
    nombre,
    etiqueta: t(`consultas.detalle.campos.${nombre}`),
    ...(typeof valor === "string" ? { valor } : valor),
  });
}

/**
 * The top of the detail, what a salesperson reads first (issue 34, part 3): the vehicle, its price
 * and the buyer's question, when it came and whether somebody attended it.
 */
export type Resumen = { vehiculo: string; precio: string; pregunta: string | null; campos: Campo[] };

export function resumenDe(consulta: Consulta, t: Traductor, f: Formateador): Resumen {
  const campo = campoDe(t);
  const atencion = consulta.Atencion?.Atendida
    ? `${esperaDe(consulta, t, f)} ${t("consultas.atencion.porQuien", { por: consulta.Atencion.Por })} (${fechaHora(f, consulta.Atencion.Momento)})`
    : t("consultas.atencion.no");
  return {
    vehiculo: vehiculoDe(consulta.Auto),
    precio: dinero(f, consulta.Auto.Precio),
    pregunta: preguntaDe(consulta),
    campos: [campo("Momento", fechaHora(f, consulta.Momento)), campo("Atencion", atencion)],
  };
}

/** Every other field of the enquiry, grouped as the detail panel shows them below its summary. */
export function seccionesDe(consulta: Consulta, sid: string, t: Traductor, f: Formateador): Seccion[] {
  const texto = (value: string | number | null | undefined) =>
    value === null || value === undefined || value === "" ? SIN_DATO : typeof value === "number" ? numero(f, value) : value;
  const campo = campoDe(t);
  const libre = (value: unknown) => valorLibre(value, t, f);
  const { Auto: auto, Interesado: interesado } = consulta;
  const info = interesado.InfoOperacion;
  const entrega = info?.EntregaVehiculo;
  const financiacion = info?.FinanciacionDeseada;
  return [
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
        campo("Interes", enPalabras("interes", interesado.Interes, t)),
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
        campo("Estado", enPalabras("estado", auto.Estado, t)),
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
    {
      titulo: t("consultas.detalle.secciones.consulta"),
      plegada: true,
      campos: [
        campo("Sid", sid),
        campo("TipoAnuncio", tipoDeAnuncio(consulta.TipoAnuncio, t)),
        campo("OrigenLead", enPalabras("origen", consulta.OrigenLead, t)),
        campo("OperadorResponsable", texto(consulta.OperadorResponsable)),
      ],
    },
  ];
}
