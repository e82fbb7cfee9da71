import type { Auto, Interesado } from "@/lib/api/consultas";
import { APELLIDOS, COLORES, COMENTARIOS, DESCRIPCIONES, DOMINIOS_MAIL, FOTOS_DEMO, LOCALIDADES, MODELOS, NOMBRES } from "./data";

/** Demo data generation, pure and deterministic for a given seed. */

export type Random = () => number;

/** mulberry32: a small, fast, seedable generator (the same seed gives the same demo data). */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const between = (random: Random, min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const digits = (random: Random, count: number) => Array.from({ length: count }, () => between(random, 0, 9)).join("");
const roundTo = (value: number, step: number) => Math.round(value / step) * step;

const CURRENT_YEAR = new Date().getFullYear();

/** A car as a listing shows it: new ones in pesos, used ones in pesos or dollars. */
export function generateAuto(random: Random, externalId: string, options: { nuevo?: boolean } = {}): Auto {
  const modelo = pick(random, MODELOS);
  const nuevo = options.nuevo ?? random() < 0.3;
  const year = nuevo ? CURRENT_YEAR : between(random, CURRENT_YEAR - 12, CURRENT_YEAR - 1);
  const depreciation = nuevo ? 1 : 0.92 ** (CURRENT_YEAR - year);
  const pesos = modelo.millones * 1_000_000 * depreciation;
  const enDolares = !nuevo && random() < 0.45;
  return {
    ExternalId: externalId,
    RefStock: nuevo ? null : `ST-${digits(random, 5)}`,
    Marca: modelo.marca,
    Modelo: modelo.modelo,
    Version: pick(random, modelo.versiones),
    VersionYear: year,
    Kilometraje: nuevo ? 0 : roundTo((CURRENT_YEAR - year) * between(random, 9_000, 22_000), 100),
    Color: pick(random, COLORES),
    BodyType: modelo.carroceria,
    Estado: nuevo ? "nuevo" : "usado",
    Precio: enDolares ? { Moneda: "USD", Importe: roundTo(pesos / 1_150, 100) } : { Moneda: "ARS", Importe: roundTo(pesos, 10_000) },
    Anticipo: null,
    Cuota: null,
  };
}

/** What a demo listing adds to its car: how it runs, a description and the photos (URLs under the demo's base). */
export function generateExtras(random: Random, auto: Auto, baseUrl: string) {
  const version = auto.Version ?? "";
  const combustible = /hybrid/i.test(version) ? "hibrido" : /TDI|TD|2\.8|V6|3\.0/.test(version) ? "diesel" : "nafta";
  const fotos = new Set<number>();
  const count = between(random, 3, 8);
  while (fotos.size < count) fotos.add(between(random, 1, FOTOS_DEMO));
  return {
    combustible,
    transmision: /\b(AT|CVT)\b/.test(version) ? "automatica" : "manual",
    descripcion: pick(random, DESCRIPCIONES),
    fotos: [...fotos].map((n) => `${baseUrl}/demo/fotos/${n}.jpg`),
  };
}

/**
 * What the app wants of a demo listing: most are for sale (each asking a level; the package decides
 * what it gets), some paused by the dealer, some sold (archived).
 */
export function generateDeseo(random: Random): { estado: "activa" | "suspendida" | "archivada"; pedida: "Alta" | "Media" | "Baja" } {
  const roll = random();
  const estado = roll < 0.12 ? "archivada" : roll < 0.18 ? "suspendida" : "activa";
  const level = random();
  return { estado, pedida: level < 0.1 ? "Alta" : level < 0.4 ? "Media" : "Baja" };
}

const plain = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/\s+/g, "");

/** A buyer: name, e-mail, a mobile number of their city, sometimes a DNI, a trade-in or financing wish. */
export function generateInteresado(random: Random): Interesado {
  const nombre = pick(random, NOMBRES);
  const apellido = pick(random, APELLIDOS);
  const localidad = pick(random, LOCALIDADES);
  const local = 10 - localidad.area.length;
  const usuario = `${plain(nombre)}${pick(random, [".", "_", ""])}${plain(apellido)}${random() < 0.5 ? between(random, 1, 99) : ""}`;
  const entrega = random() < 0.2 ? pick(random, MODELOS) : undefined;
  const financia = random() < 0.25;
  return {
    Interes: "compra",
    Nombre: nombre,
    Apellido: apellido,
    Email: `${usuario}@${pick(random, DOMINIOS_MAIL)}`,
    Telefono: `+54 9 ${localidad.area} ${digits(random, local - 4)}-${digits(random, 4)}`,
    DocIdentidad: random() < 0.6 ? String(between(random, 20_000_000, 45_999_999)) : null,
    Provincia: localidad.provincia,
    Ciudad: localidad.ciudad,
    Comentario: pick(random, COMENTARIOS),
    InfoOperacion:
      entrega || financia
        ? {
            EntregaVehiculo: entrega
              ? { Marca: entrega.marca, Modelo: entrega.modelo, VersionYear: between(random, CURRENT_YEAR - 15, CURRENT_YEAR - 2) }
              : null,
            FinanciacionDeseada: financia
              ? { Adelanto: null, Cuota: { Moneda: "ARS", Importe: roundTo(between(random, 250, 900) * 1_000, 10_000) } }
              : null,
            QuiereCotizacionSeguro: random() < 0.3,
          }
        : null,
  };
}

const DAY_MS = 86_400_000;

/** A part of the period, from its oldest end (0) to today (1). */
export type Slice = { from: number; to: number };

const BUSINESS_DAY_MS = 15 * 3_600_000;

/**
 * A moment in the last `days` days (in `slice` of them, the whole period by default), in business
 * hours of Argentina (08:00 to 23:00, UTC−3), never in the future. The moments are uniform over the
 * business time of the period, so today holds only the share of the hours that have passed: at
 * 09:00 an hour of enquiries, not a whole day's crowded into the last hour.
 */
export function generateMomento(random: Random, now: Date, days: number, slice: Slice = { from: 0, to: 1 }): Date {
  const startOfTodayArgentina = Math.floor((now.getTime() - 3 * 3_600_000) / DAY_MS) * DAY_MS + 3 * 3_600_000;
  const openToday = startOfTodayArgentina + 8 * 3_600_000;
  const businessToday = Math.min(BUSINESS_DAY_MS, Math.max(0, now.getTime() - 1_000 - openToday));
  const businessTime = (days - 1) * BUSINESS_DAY_MS + businessToday;
  const position = Math.floor((slice.from + random() * (slice.to - slice.from)) * businessTime);
  const fromOldest = Math.min(days - 1, Math.floor(position / BUSINESS_DAY_MS));
  const day = startOfTodayArgentina - (days - 1 - fromOldest) * DAY_MS;
  return new Date(day + 8 * 3_600_000 + (position - fromOldest * BUSINESS_DAY_MS));
}
