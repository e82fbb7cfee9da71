import "server-only";
import { MAX_PAGINA } from "@/lib/api/limites";
import { formatearFechaHora } from "@/lib/formats";
import { explicarFalla } from "@/lib/panel/fallas";
import { zonaHorariaDelPanel } from "@/lib/panel/i18n/zona-horaria";
import { exigirUsuario } from "@/lib/panel/session";
import type { Consulta } from "@/lib/panel/v3-tipos";
import { cargarPagina, type Resolucion, resolverConsultas, sidDe, statusDeFalla } from "./vista";

/**
 * The work of GET /panel/consultas/exportar?{same filters as the inbox}: every enquiry of the filter, across
 * ALL pages (walked one by one through the v3 client), streamed as CSV. Same role rules as the
 * page: an `agencia` user gets its agency as its operator sees it, whatever the URL says.
 *
 * Format: UTF-8 with BOM (so Excel detects the encoding), CRLF line ends, and `;` as separator:
 * Excel and LibreOffice in es-AR use the comma as decimal separator and `;` as list separator, so a
 * `;` file opens in columns with a double click. Fields are quoted (RFC 4180: `"` doubled) when they
 * hold `;`, `"`, CR, LF or surrounding spaces. Amounts use the decimal comma (21500,5). Momento is the
 * Panel's date-time (lib/formats.ts) in its time zone, 25/11/2026 14:09, which an es-AR spreadsheet
 * reads as a date and time. The file is for es-AR spreadsheets whatever the Panel's language. A cell that a spreadsheet would run as a formula
 * (=, @, tab, CR, or + / - not followed by a plain number or phone) gets a leading apostrophe.
 * The API stops at page 99: past 99 × 50 enquiries the export walks the period one day at a time
 * (newest first), so the file holds every enquiry of the filter as long as no single day has more
 * than 4950.
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

type Pagina = Awaited<ReturnType<Resolucion["client"]["listConsultas"]>>;

const diaAnterior = (dia: string) => new Date(Date.parse(`${dia}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** Every page of the filter: the API's pages while they reach, else day by day, newest first. */
async function* todasLasPaginas(resolucion: Resolucion, adminMail: string, primera: Pagina): AsyncGenerator<Consulta[]> {
  yield primera._entries;
  const listar = (filtros: Partial<Resolucion["filtros"]>, pagina: number) =>
    resolucion.client.listConsultas(adminMail, { ...resolucion.filtros, ...filtros, pagina });
  if (primera.Total <= MAX_PAGINA * primera.PerPagina) {
    for (let pagina = 2, actual = primera; actual._links.next; pagina++) {
      actual = await listar({}, pagina);
      yield actual._entries;
    }
    return;
  }
  const desde = primera.Desde.slice(0, 10);
  for (let dia = primera.Hasta.slice(0, 10); dia >= desde; dia = diaAnterior(dia)) {
    for (let pagina = 1, actual: Pagina | undefined; pagina === 1 || actual?._links.next; pagina++) {
      actual = await listar({ desde: dia, hasta: dia }, pagina);
      yield actual._entries;
    }
  }
}

const textoPlano = (status: number, cuerpo: string) =>
  new Response(cuerpo, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

export async function exportarConsultas(request: Request): Promise<Response> {
  const user = await exigirUsuario({ roles: ["admin", "soporte", "agencia"] });
  const resolucion = await resolverConsultas(user, new URL(request.url).searchParams);
  const { t } = resolucion;
  const zona = zonaHorariaDelPanel();
  if (resolucion.errores) {
    const detalle = Object.entries(resolucion.errores).map(([campo, mensajes]) => `${campo}: ${mensajes.join(" ")}`);
    return textoPlano(400, `${t("respuestas.exportar.filtros")}\n${detalle.join("\n")}\n`);
  }
  if (!resolucion.adminMail) return textoPlano(400, `${t("respuestas.exportar.agencia")}\n`);
  const adminMail = resolucion.adminMail;

  const primera = await cargarPagina(resolucion, 1);
  if (!primera.ok) return textoPlano(statusDeFalla(primera.status), `${t("respuestas.exportar.motivo", { motivo: primera.mensaje })}\n`);
  const { Total } = primera.datos;

  const encoder = new TextEncoder();
  // Pages shift while new enquiries arrive, and the day walk repeats the first page: a sid already
  // written is skipped.
  const escritas = new Set<string>();
  const filas = (entradas: Consulta[]) =>
    entradas
      .filter((consulta) => {
        const sid = sidDe(consulta);
        if (escritas.has(sid)) return false;
        escritas.add(sid);
        return true;
      })
      .map((consulta) => fila(consulta, zona))
      .join("");

  const paginas = todasLasPaginas(resolucion, adminMail, primera.datos);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`\uFEFF${COLUMNAS.join(SEPARADOR)}${FIN}`));
    },
    async pull(controller) {
      try {
        const siguiente = request.signal.aborted ? undefined : await paginas.next();
        if (!siguiente || siguiente.done) controller.close();
        else controller.enqueue(encoder.encode(filas(siguiente.value)));
      } catch (error) {
        controller.error(new Error(explicarFalla(error, t, adminMail)));
      }
    },
  });

  const nombre = `consultas-${adminMail.replace(/[^A-Za-z0-9._-]+/g, "_")}-${resolucion.hoy}.csv`;
  return new Response(stream, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${nombre}"; filename*=UTF-8''${encodeURIComponent(nombre)}`,
      "Cache-Control": "no-store",
      "X-Consultas-Total": String(Total),
    },
  });
}
