import "server-only";
import { formatearFechaHora } from "@/lib/formats";
import { logger } from "@/lib/log";
import { explicarFalla } from "@/lib/panel/fallas";
import { zonaHorariaDelPanel } from "@/lib/panel/i18n/zona-horaria";
import { exigirUsuario } from "@/lib/panel/session";
import { V3Error } from "@/lib/panel/v3-client";
import type { Consulta } from "@/lib/panel/v3-tipos";
import { textStream } from "@/lib/streams";
import { resolverConsultas, sidDe, statusDeFalla } from "./vista";

/**
 * The work of GET /panel/consultas/exportar?{same filters as the inbox}: every enquiry of the filter,
 * read from the API in ONE signed request (GET /v3/consultas/{adminMail}/exportar, a line per enquiry,
 * decisions 0060) and streamed on as CSV while it arrives: an export counts once against the app's
 * rate limit, however many enquiries it holds. Same role rules as the page: an `agencia` user gets
 * its agency as its operator sees it, whatever the URL says.
 *
 * Format: UTF-8 with BOM (so Excel detects the encoding), CRLF line ends, and `;` as separator:
 * Excel and LibreOffice in es-AR use the comma as decimal separator and `;` as list separator, so a
 * `;` file opens in columns with a double click. Fields are quoted (RFC 4180: `"` doubled) when they
 * hold `;`, `"`, CR, LF or surrounding spaces. Amounts use the decimal comma (21500,5). Momento is the
 * Panel's date-time (lib/formats.ts) in its time zone, 25/11/2026 14:09, which an es-AR spreadsheet
 * reads as a date and time. The file is for es-AR spreadsheets whatever the Panel's language. A cell that a spreadsheet would run as a formula
 * (=, @, tab, CR, or + / - not followed by a plain number or phone) gets a leading apostrophe.
 */

const SEPARADOR = ";";
const FIN = "\r\n";

const COLUMNAS = [
  "Sid",
  "Momento",
  "Nombre",
  "Apellido",
  "Email",
  "Telefono",
  "DocIdentidad",
  "Provincia",
  "Ciudad",
  "Interes",
  "Comentario",
  "OperadorResponsable",
  "TipoAnuncio",
  "OrigenLead",
  "ExternalId",
  "RefStock",
  "Marca",
  "Modelo",
  "Version",
  "VersionYear",
  "Kilometraje",
  "Color",
  "BodyType",
  "Estado",
  "PrecioMoneda",
  "PrecioImporte",
  "Anticipo",
  "Cuota",
  "EntregaVehiculo",
  "FinanciacionDeseada",
  "QuiereCotizacionSeguro",
] as const;

function texto(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return String(value).replace(".", ",");
  if (typeof value === "boolean") return value ? "sí" : "no";
  if (typeof value === "string") return value;
  return JSON.stringify(value);
}

function celda(value: unknown): string {
  let valor = texto(value);
  if (/^[=@\t\r]/.test(valor) || (/^[+-]/.test(valor) && !/^[+-][0-9 ().,-]*$/.test(valor))) valor = `'${valor}`;
  return /[";\r\n]|^\s|\s$/.test(valor) ? `"${valor.replace(/"/g, '""')}"` : valor;
}

function fila(consulta: Consulta, zona: string): string {
  const { Auto: auto, Interesado: interesado } = consulta;
  const info = interesado.InfoOperacion;
  const valores: Record<(typeof COLUMNAS)[number], unknown> = {
    Sid: sidDe(consulta),
    Momento: formatearFechaHora(new Date(consulta.Momento), zona),
    Nombre: interesado.Nombre,
    Apellido: interesado.Apellido,
    Email: interesado.Email,
    Telefono: interesado.Telefono,
    DocIdentidad: interesado.DocIdentidad,
    Provincia: interesado.Provincia,
    Ciudad: interesado.Ciudad,
    Interes: interesado.Interes,
    Comentario: interesado.Comentario,
    OperadorResponsable: consulta.OperadorResponsable,
    TipoAnuncio: consulta.TipoAnuncio,
    OrigenLead: consulta.OrigenLead,
    ExternalId: auto.ExternalId,
    RefStock: auto.RefStock,
    Marca: auto.Marca,
    Modelo: auto.Modelo,
    Version: auto.Version,
    VersionYear: auto.VersionYear,
    Kilometraje: auto.Kilometraje,
    Color: auto.Color,
    BodyType: auto.BodyType,
    Estado: auto.Estado,
    PrecioMoneda: auto.Precio?.Moneda,
    PrecioImporte: auto.Precio?.Importe,
    Anticipo: auto.Anticipo,
    Cuota: auto.Cuota,
    EntregaVehiculo: info?.EntregaVehiculo,
    FinanciacionDeseada: info?.FinanciacionDeseada,
    QuiereCotizacionSeguro: info?.QuiereCotizacionSeguro,
  };
  return COLUMNAS.map((columna) => celda(valores[columna])).join(SEPARADOR) + FIN;
}

/**
 * The CSV rows of the export's lines (one Consulta's JSON each), as they arrive. The upstream body
 * broken (the API's stream cut or stalled) or ending in the middle of a line throws: the CSV stream
 * errors with it and Next cuts the connection instead of ending the file, so the browser marks the
 * download failed (issue 29).
 */
async function* filasDe(lineas: ReadableStream<Uint8Array>, zona: string): AsyncGenerator<string> {
  const lector = lineas.getReader();
  const decoder = new TextDecoder();
  let resto = "";
  try {
    for (let parte = await lector.read(); !parte.done; parte = await lector.read()) {
      const completas = (resto + decoder.decode(parte.value, { stream: true })).split("\n");
      resto = completas.pop() ?? "";
      yield completas.map((linea) => fila(JSON.parse(linea) as Consulta, zona)).join("");
    }
  } finally {
    // Left early (the person cancelled the download): the API's answer is not read any further.
    await lector.cancel().catch(() => undefined);
  }
  if (resto + decoder.decode() !== "") throw new Error("La exportación de la API terminó a mitad de una línea.");
}

const textoPlano = (status: number, cuerpo: string) =>
  new Response(cuerpo, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

export async function exportarConsultas(request: Request): Promise<Response> {
  const user = await exigirUsuario({ roles: ["admin", "soporte", "agencia"] });
  const resolucion = await resolverConsultas(user, new URL(request.url).searchParams);
  const { t } = resolucion;
  if (resolucion.errores) {
    const detalle = Object.entries(resolucion.errores).map(([campo, mensajes]) => `${campo}: ${mensajes.join(" ")}`);
    return textoPlano(400, `${t("respuestas.exportar.filtros")}\n${detalle.join("\n")}\n`);
  }
  if (!resolucion.adminMail) return textoPlano(400, `${t("respuestas.exportar.agencia")}\n`);
  const adminMail = resolucion.adminMail;

  let lineas: ReadableStream<Uint8Array>;
  try {
    lineas = await resolucion.client.exportarConsultas(adminMail, resolucion.filtros, request.signal);
  } catch (error) {
    const status = statusDeFalla(error instanceof V3Error ? error.status : 500);
    return textoPlano(status, `${t("respuestas.exportar.motivo", { motivo: explicarFalla(error, t, adminMail) })}\n`);
  }

  async function* csv() {
    yield `\uFEFF${COLUMNAS.join(SEPARADOR)}${FIN}`;
    yield* filasDe(lineas, zonaHorariaDelPanel());
  }
  const cortada = (error: unknown) => {
    if (!request.signal.aborted) logger().warn({ err: error, adminMail }, "panel: la exportación de consultas se cortó");
  };

  const nombre = `consultas-${adminMail.replace(/[^A-Za-z0-9._-]+/g, "_")}-${resolucion.hoy}.csv`;
  return new Response(textStream(csv(), cortada), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${nombre}"; filename*=UTF-8''${encodeURIComponent(nombre)}`,
      "Cache-Control": "no-store",
    },
  });
}
