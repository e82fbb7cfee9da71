import "server-only";
import { MAX_PAGINA } from "@/lib/api/limites";
import { periodoDe, urlConsultas } from "@/lib/panel/consultas/filtros";
import { sidDe } from "@/lib/panel/consultas/vista";
import { TOPICOS } from "@/lib/panel/notificaciones/topicos";
import { esEstadoV3, type V3Client } from "@/lib/panel/v3-client";
import type { Consulta, Entrega, Resumen, Topic } from "@/lib/panel/v3-tipos";

/**
 * The numbers of each role's home page (issue 21, item 4; decisions 0047), all from the v3 API: GET …/resumen for the
 * last 30 days, the list with atendida=false for the enquiries waiting longest, and the delivery
 * log of each webhook topic for its health over 24 hours.
 */

/** The bar chart's period and the home's largest count: 30 days up to today. */
export const DIAS_INICIO = 30;
/** How many enquiries waiting longest the home lists. */
const ESPERANDO = 5;

export type Esperando = { sid: string; adminMail: string; nombre: string; auto: string; momento: string; href: string };

export type NumerosAgencia = {
  adminMail: string;
  hoy: number;
  siete: number;
  treinta: number;
  porDia: Resumen["PorDia"];
  atendidas: number;
  sinAtender: number;
  /** Median minutes until attended; null without attended enquiries. */
  mediana: number | null;
  esperando: Esperando[];
};

const suma = (porDia: Resumen["PorDia"], dias: number) => porDia.slice(-dias).reduce((total, dia) => total + dia.Cantidad, 0);

function esperandoDe(consulta: Consulta, adminMail: string, fijo: boolean): Esperando {
  const sid = sidDe(consulta);
  const { Auto: auto, Interesado: interesado } = consulta;
  return {
    sid,
    adminMail,
    nombre: `${interesado.Nombre} ${interesado.Apellido}`.trim(),
    auto: [auto.Marca, auto.Modelo, auto.VersionYear ? `(${auto.VersionYear})` : null].filter(Boolean).join(" "),
    momento: consulta.Momento,
    href: urlConsultas({ agencia: fijo ? undefined : adminMail, atendida: "no", sid }),
  };
}

/** The oldest enquiries nobody attended (the list is newest first: its last page ends with them). */
async function esperandoMas(client: V3Client, adminMail: string, operador: string | undefined, fijo: boolean): Promise<Esperando[]> {
  const filtros = { operador, atendida: "false" as const };
  const primera = await client.listConsultas(adminMail, filtros);
  const ultima = Math.min(MAX_PAGINA, Math.ceil(primera.Total / Math.max(1, primera.PerPagina)));
  let entradas = primera._entries;
  if (ultima > 1) {
    const [penultima, final] = await Promise.all([
      client.listConsultas(adminMail, { ...filtros, pagina: ultima - 1 }),
      client.listConsultas(adminMail, { ...filtros, pagina: ultima }),
    ]);
    entradas = [...penultima._entries, ...final._entries];
  }
  return entradas
    .slice(-ESPERANDO)
    .reverse()
    .map((consulta) => esperandoDe(consulta, adminMail, fijo));
}

/** One agency's numbers for the last 30 days (for an operator: what that operator sees). */
export async function numerosDeAgencia(
  client: V3Client,
  adminMail: string,
  { hoy, operador, fijo }: { hoy: string; operador?: string; fijo: boolean },
): Promise<NumerosAgencia> {
  const [resumen, esperando] = await Promise.all([
    client.getConsultasResumen(adminMail, { operador, ...periodoDe(DIAS_INICIO, hoy) }),
    esperandoMas(client, adminMail, operador, fijo),
  ]);
  return {
    adminMail,
    hoy: suma(resumen.PorDia, 1),
    siete: suma(resumen.PorDia, 7),
    treinta: resumen.Total,
    porDia: resumen.PorDia,
    atendidas: resumen.Atendidas,
    sinAtender: resumen.SinAtender,
    mediana: resumen.MinutosHastaAtender,
    esperando,
  };
}

/** Every agency's numbers added up: the days' counts, and the enquiries waiting longest of them all. */
export function sumarAgencias(agencias: NumerosAgencia[]): Omit<NumerosAgencia, "adminMail" | "mediana"> {
  const porDia = (agencias[0]?.porDia ?? []).map((dia, indice) => ({
    Dia: dia.Dia,
    Cantidad: agencias.reduce((total, agencia) => total + (agencia.porDia[indice]?.Cantidad ?? 0), 0),
  }));
  const total = (clave: "hoy" | "siete" | "treinta" | "atendidas" | "sinAtender") =>
    agencias.reduce((acumulado, agencia) => acumulado + agencia[clave], 0);
  return {
    hoy: total("hoy"),
    siete: total("siete"),
    treinta: total("treinta"),
    atendidas: total("atendidas"),
    sinAtender: total("sinAtender"),
    porDia,
    esperando: agencias
      .flatMap((agencia) => agencia.esperando)
      .sort((a, b) => Date.parse(a.momento) - Date.parse(b.momento))
      .slice(0, ESPERANDO),
  };
}

/** The topics the Panel knows (docs/contract.md#webhooks), as the API names them. */
const TOPICOS_DEL_INICIO = Object.keys(TOPICOS) as Topic[];

/** How many pages of a topic's log the home reads for the last 24 hours, at most. */
const PAGINAS_SALUD = 10;
const DIA_MS = 86_400_000;

export type UltimaFalla = { entrega: Entrega; momento: string; intento: Entrega["Intentos"][number] | null };

export type SaludTopico = {
  topic: Topic;
  configurado: boolean;
  /** Deliveries created in the last 24 hours; `masDe`: the log had more than the pages read. */
  entregas: number;
  masDe: boolean;
  entregadas: number;
  /** Of those, not delivered: failed for good, discarded, or failing and to be retried (`reintentando`). */
  fallidas: number;
  reintentando: number;
  /** Delivered of those delivered or failed, 0–1; null when none was either. */
  exito: number | null;
  /** The newest failed attempt of any delivery (its time and reason), else the newest failed delivery. */
  ultimaFalla: UltimaFalla | null;
};

const exitoso = (intento: Entrega["Intentos"][number]) => intento.HttpStatus >= 200 && intento.HttpStatus < 300;

/** Pending, its last attempt failed: it is failing and will be tried again. */
const fallandoTodavia = (entrega: Entrega) =>
  (entrega.Estado === "pendiente" || entrega.Estado === "enviando") &&
  entrega.Intentos.length > 0 &&
  !exitoso(entrega.Intentos.at(-1) as Entrega["Intentos"][number]);

/** The newest failed attempt among these deliveries. */
function ultimoIntentoFallido(entregas: Entrega[]): UltimaFalla | null {
  let ultima: UltimaFalla | null = null;
  for (const entrega of entregas) {
    for (const intento of entrega.Intentos) {
      if (!exitoso(intento) && (!ultima || Date.parse(intento.Momento) > Date.parse(ultima.momento))) {
        ultima = { entrega, momento: intento.Momento, intento };
      }
    }
  }
  return ultima;
}

/**
 * The counts of a topic's deliveries of the day (issue 34, part 2: "Última falla: Ninguna" while every
 * delivery was failing, because they were still being retried): delivered, not delivered, and the
 * last failure with its time and reason, from the failed attempts themselves; `anterior`, the newest
 * `fallida` delivery, when the day had none.
 */
export function resumirEntregas(recientes: Entrega[], anterior: Entrega | null): Omit<SaludTopico, "topic" | "configurado" | "masDe"> {
  const entregadas = recientes.filter((entrega) => entrega.Estado === "entregada").length;
  const reintentando = recientes.filter(fallandoTodavia).length;
  const terminadasMal = recientes.filter((entrega) => entrega.Estado === "fallida" || entrega.Estado === "descartada").length;
  const fallidas = terminadasMal + reintentando;
  const ultimaFalla =
    ultimoIntentoFallido(recientes) ??
    (anterior && {
      entrega: anterior,
      momento: anterior.Intentos.at(-1)?.Momento ?? anterior.Creada,
      intento: anterior.Intentos.at(-1) ?? null,
    });
  return {
    entregas: recientes.length,
    entregadas,
    fallidas,
    reintentando,
    exito: entregadas + fallidas > 0 ? entregadas / (entregadas + fallidas) : null,
    ultimaFalla,
  };
}

/** A webhook topic's last 24 hours, from its delivery log (newest first), and its last failure. */
async function saludDe(client: V3Client, topic: Topic, ahora: number): Promise<SaludTopico> {
  const desde = ahora - DIA_MS;
  const recientes: Entrega[] = [];
  let masDe = false;
  try {
    for (let pagina = 1; pagina <= PAGINAS_SALUD; pagina++) {
      const { _entries: entradas, Total, PerPagina } = await client.listEntregas(topic, { pagina });
      const enElDia = entradas.filter((entrega) => Date.parse(entrega.Creada) >= desde);
      recientes.push(...enElDia);
      if (enElDia.length < entradas.length || pagina * PerPagina >= Total) break;
      masDe = pagina === PAGINAS_SALUD;
    }
  } catch (error) {
    if (esEstadoV3(error, 404)) {
      return { topic, configurado: false, masDe: false, ...resumirEntregas([], null) };
    }
    throw error;
  }
  const fallas = await client.listEntregas(topic, { estado: "fallida" });
  return { topic, configurado: true, masDe, ...resumirEntregas(recientes, fallas._entries[0] ?? null) };
}

/** Every topic's health (admin's home). */
export function saludDeTopicos(client: V3Client, ahora = Date.now()): Promise<SaludTopico[]> {
  return Promise.all(TOPICOS_DEL_INICIO.map((topic) => saludDe(client, topic, ahora)));
}

/** The failed deliveries of every topic, newest first (soporte's home). */
export async function entregasFallidas(client: V3Client): Promise<Entrega[]> {
  const listas = await Promise.all(
    TOPICOS_DEL_INICIO.map(async (topic) => {
      try {
        return (await client.listEntregas(topic, { estado: "fallida" }))._entries;
      } catch (error) {
        if (esEstadoV3(error, 404)) return [];
        throw error;
      }
    }),
  );
  return listas.flat().sort((a, b) => Date.parse(b.Creada) - Date.parse(a.Creada));
}
