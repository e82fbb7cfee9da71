import "server-only";
import type { Consulta } from "@/lib/api/consultas";
import { ZONA_SERVICIO } from "@/lib/panel/consultas/esquema";
import { IDIOMA_PREDETERMINADO, type Idioma, LOCALES } from "@/lib/panel/i18n";
import { textosDe } from "@/lib/panel/i18n/servidor";

/**
 * How an enquiry reads in the Panel (in the user's language, es-AR or en-US, times in the service's
 * time zone). Pure functions; the server formats and the client components only render strings, so
 * both always agree. The API's values (names, e-mails, Estado…) are shown as the API sends them.
 */

const formatos = new Map<Idioma, { momento: Intl.DateTimeFormat; momentoLargo: Intl.DateTimeFormat; numero: Intl.NumberFormat }>();

function formatosDe(idioma: Idioma) {
  let f = formatos.get(idioma);
  if (!f) {
    const locale = LOCALES[idioma];
    f = {
      momento: new Intl.DateTimeFormat(locale, {
        timeZone: ZONA_SERVICIO,
        day: "2-digit",
        month: "2-digit",
        year: "numeric",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
      }),
      momentoLargo: new Intl.DateTimeFormat(locale, { timeZone: ZONA_SERVICIO, dateStyle: "full", timeStyle: "medium", hourCycle: "h23" }),
      numero: new Intl.NumberFormat(locale),
    };
    formatos.set(idioma, f);
  }
  return f;
}

export const SIN_DATO = "—";

export function formatoMomento(iso: string, largo = false, idioma: Idioma = IDIOMA_PREDETERMINADO): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const f = formatosDe(idioma);
  return (largo ? f.momentoLargo : f.momento).format(date);
}

export function formatoImporte(
  importe: { Moneda: string; Importe: number } | null | undefined,
  idioma: Idioma = IDIOMA_PREDETERMINADO,
): string {
  if (!importe) return SIN_DATO;
  try {
    return new Intl.NumberFormat(LOCALES[idioma], { style: "currency", currency: importe.Moneda, maximumFractionDigits: 2 }).format(
      importe.Importe,
    );
  } catch {
    return `${importe.Moneda} ${formatosDe(idioma).numero.format(importe.Importe)}`;
  }
}

export function formatoTipo(tipo: string, idioma: Idioma = IDIOMA_PREDETERMINADO): string {
  return textosDe(idioma).consultas.tipos[tipo] ?? tipo;
}

/** A value whose type the spec leaves open (Anticipo, Cuota, Adelanto, QuiereCotizacionSeguro…). */
export function formatoLibre(value: unknown, idioma: Idioma = IDIOMA_PREDETERMINADO): string {
  if (value === null || value === undefined || value === "") return SIN_DATO;
  if (typeof value === "boolean") return value ? textosDe(idioma).comun.si : textosDe(idioma).comun.no;
  if (typeof value === "number") return formatosDe(idioma).numero.format(value);
  if (typeof value === "string") return value;
  if (typeof value === "object" && "Moneda" in value && "Importe" in value) {
    return formatoImporte(value as { Moneda: string; Importe: number }, idioma);
  }
  return JSON.stringify(value);
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
};

export function filaDe(consulta: Consulta, sid: string, idioma: Idioma = IDIOMA_PREDETERMINADO): FilaConsulta {
  const { Auto: auto, Interesado: interesado } = consulta;
  return {
    sid,
    momento: formatoMomento(consulta.Momento, false, idioma),
    momentoIso: consulta.Momento,
    interesado: `${interesado.Nombre} ${interesado.Apellido}`.trim(),
    email: interesado.Email,
    telefono: interesado.Telefono,
    auto: [auto.Marca, auto.Modelo, auto.Version, auto.VersionYear ? `(${auto.VersionYear})` : null].filter(Boolean).join(" "),
    precio: formatoImporte(auto.Precio, idioma),
    operador: consulta.OperadorResponsable,
    tipo: formatoTipo(consulta.TipoAnuncio, idioma),
    externalId: auto.ExternalId,
  };
}

export type Campo = { nombre: string; etiqueta: string; valor: string };
export type Seccion = { titulo: string; campos: Campo[] };

/** Every field of the enquiry, grouped as the detail panel shows them. */
export function seccionesDe(consulta: Consulta, sid: string, idioma: Idioma = IDIOMA_PREDETERMINADO): Seccion[] {
  const t = textosDe(idioma).consultas.detalle;
  const { numero } = formatosDe(idioma);
  const texto = (value: string | number | null | undefined) =>
    value === null || value === undefined || value === "" ? SIN_DATO : typeof value === "number" ? numero.format(value) : value;
  const campo = (nombre: keyof typeof t.campos, valor: string): Campo => ({ nombre, etiqueta: t.campos[nombre], valor });
  const { Auto: auto, Interesado: interesado } = consulta;
  const info = interesado.InfoOperacion;
  const entrega = info?.EntregaVehiculo;
  const financiacion = info?.FinanciacionDeseada;
  return [
    {
      titulo: t.secciones.consulta,
      campos: [
        campo("Sid", sid),
        campo("Momento", formatoMomento(consulta.Momento, true, idioma)),
        campo("TipoAnuncio", formatoTipo(consulta.TipoAnuncio, idioma)),
        campo("OrigenLead", texto(consulta.OrigenLead)),
        campo("OperadorResponsable", texto(consulta.OperadorResponsable)),
      ],
    },
    {
      titulo: t.secciones.interesado,
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
      titulo: t.secciones.auto,
      campos: [
        campo("ExternalId", auto.ExternalId || t.catalogo),
        campo("RefStock", texto(auto.RefStock)),
        campo("Marca", texto(auto.Marca)),
        campo("Modelo", texto(auto.Modelo)),
        campo("Version", texto(auto.Version)),
        campo("VersionYear", auto.VersionYear === null ? SIN_DATO : String(auto.VersionYear)),
        campo("Kilometraje", auto.Kilometraje === null ? SIN_DATO : `${numero.format(auto.Kilometraje)} km`),
        campo("Color", texto(auto.Color)),
        campo("BodyType", texto(auto.BodyType)),
        campo("Estado", texto(auto.Estado)),
        campo("Precio", formatoImporte(auto.Precio, idioma)),
        campo("Anticipo", formatoLibre(auto.Anticipo, idioma)),
        campo("Cuota", formatoLibre(auto.Cuota, idioma)),
      ],
    },
    {
      titulo: t.secciones.operacion,
      campos: [
        campo(
          "EntregaVehiculo",
          entrega
            ? [entrega.Marca, entrega.Modelo, entrega.VersionYear === null ? null : String(entrega.VersionYear)].filter(Boolean).join(" ")
            : SIN_DATO,
        ),
        campo("Adelanto", formatoLibre(financiacion?.Adelanto, idioma)),
        campo("CuotaDeseada", formatoImporte(financiacion?.Cuota, idioma)),
        campo("QuiereCotizacionSeguro", formatoLibre(info?.QuiereCotizacionSeguro, idioma)),
      ],
    },
  ];
}
