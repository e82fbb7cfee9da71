/**
 * The limits and patterns of the API's input (docs/contract.md#limits), defined once: the API's zod
 * schemas in lib/api build on them, and so do the Panel's forms, which check the same rules in the
 * browser before the API checks them again. This module imports nothing, so client code can bundle it.
 */

/** A request body, in bytes: larger ones get a 413. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** How many levels of objects and lists a free-form JSON member (Anticipo, Cuota, Adelanto…) may nest. */
export const MAX_ANIDAMIENTO = 32;

/** The webhook topics (docs/contract.md#webhooks). */
export const TOPICS = ["agencias", "consultas", "publicaciones"] as const;

// ── E-mails and agencies ──────────────────────────────────────────────────────────────────────

/** Any e-mail address (RFC 5321), e.g. an operator's; an agency's AdminMail is shorter. */
export const MAX_EMAIL = 254;

/** The lengths of an agency's fields, in characters. */
export const LIMITES_AGENCIA = { adminMail: 50, nombre: 100, region: 200, ciudad: 200, direccion: 200 } as const;

/** 8 to 20 characters: digits, spaces, +, -, ( and ). */
export const TELEFONO = /^[0-9 +\-()]{8,20}$/;

/** + followed by 8 to 19 digits. */
export const WHATSAPP = /^\+[0-9]{8,19}$/;

// ── Enquiries ─────────────────────────────────────────────────────────────────────────────────

export const PER_PAGINA = 50;
export const MAX_PAGINA = 99;
/** A page number as the query carries it. */
export const PAGINA = /^[0-9]+$/;
/** `desde` may go back this many days; resendwebhook works for enquiries this recent. */
export const DIAS_CONSULTAS = 90;
/** An ExternalId, wherever it is named (a listing's, an enquiry's, the `externalid` filter). */
export const MAX_EXTERNALID = 255;
/** The text a list of enquiries is searched for (`q`, docs/decisions/0040). */
export const MAX_Q = 100;
/**
 * What one search may cost (docs/decisions/0054): a word shorter than MIN_PALABRA_Q characters is
 * not searched (each one-letter word reads a large share of the terms' index), and at most
 * MAX_PALABRAS_Q words are (each is one range of it).
 */
export const MIN_PALABRA_Q = 2;
export const MAX_PALABRAS_Q = 6;

/** A phone as people write it: digits with spaces, dashes, dots, slashes, parentheses, a leading +. */
const TELEFONO_Q = /^\+?[\d\s()./-]*\d[\d\s()./-]*$/;

/**
 * The words a `q` is searched by (docs/decisions/0040, 0051, 0054): a phone-like `q` is one word of
 * its digits alone, whatever the formatting; any other, its words, each once, but those shorter
 * than MIN_PALABRA_Q characters. `q` is valid when it has at least one and at most MAX_PALABRAS_Q.
 */
export function searchWords(q: string | undefined): string[] {
  if (!q) return [];
  const words = TELEFONO_Q.test(q) ? [q.replace(/\D/g, "")] : q.split(/\s+/);
  return [...new Set(words)].filter((word) => [...word].length >= MIN_PALABRA_Q);
}
/** An enquiry's sid (a ULID). */
export const LIMITES_SID = { min: 20, max: 30 } as const;

// ── Listings (PublicacionCreate, PublicacionEdit; docs/contract.md#listings) ─────────────────────

/** 2 to 255 of A-Z, a-z, 0-9, -, ., _ and ~ (the unreserved characters of a URI: a path segment as is). */
export const EXTERNAL_ID = /^[A-Za-z0-9._~-]{2,255}$/;

/** Lengths in characters, and the ranges of the numbers. */
export const LIMITES_PUBLICACION = {
  refStock: 25,
  catalogo: 100,
  version: 100,
  descripcion: 2000,
  fotos: 30,
  url: 1024,
  yearMin: 1908,
  yearMax: 2050,
  kilometrajeMax: 999_000,
} as const;

export const MONEDAS = ["ARS", "USD"] as const;
export const COMBUSTIBLES = ["nafta", "diesel", "gnc", "hibrido", "electrico"] as const;
export const TRANSMISIONES = ["manual", "automatica"] as const;
/** The exposure levels, best first. */
export const EXPOSICIONES = ["Alta", "Media", "Baja"] as const;
export const ESTADOS_PUBLICACION = ["Activa", "Suspendida", "Archivada"] as const;
export const MOTIVOS_PUBLICACION = ["app", "paquete", "desasociada"] as const;
export const ESTADOS_FOTO = ["pendiente", "ok", "error"] as const;

// ── Webhooks (AppWebhookUpsert) and their deliveries ──────────────────────────────────────────

/** Lengths in characters; `headers` is how many custom headers a configuration has at most. */
export const LIMITES_WEBHOOK = {
  callback: 1024,
  secretMin: 16,
  secretMax: 256,
  descripcion: 256,
  headerNombre: 100,
  headerValor: 1000,
  headers: 3,
  topic: 80,
} as const;

/** A custom header's name: an HTTP token. */
export const HEADER_TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

const RESERVED_HEADERS = new Set(["host", "authorization", "cookie", "user-agent"]);
const RESERVED_PREFIXES = ["content-", "notification-", "webhook-"];

/** The headers the service sets itself on every notification: they cannot be configured. */
export function isReservedHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return RESERVED_HEADERS.has(lower) || RESERVED_PREFIXES.some((prefix) => lower.startsWith(prefix));
}

const CONNECTION_HEADERS = new Set(["connection", "keep-alive", "transfer-encoding", "te", "trailer", "upgrade", "expect"]);

/**
 * Headers of the HTTP connection itself (hop-by-hop, Proxy-*) and those the HTTP client refuses or
 * replaces (Expect, Upgrade, Transfer-Encoding, Connection): a configuration cannot send them.
 */
export function isConnectionHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return CONNECTION_HEADERS.has(lower) || lower.startsWith("proxy-");
}

/** Control characters: C0 (NUL, tab, CR, LF…), DEL and C1. */
const CONTROL = /\p{Cc}/u;

export type HeaderValueProblem = "control" | "latin1" | "spaces";

/**
 * What keeps a custom header's value from being sent as given, if anything: control characters
 * (CR, LF, tab, NUL, DEL, C1), characters outside Latin-1 (an HTTP header carries bytes), or
 * spaces at either end (HTTP drops them).
 */
export function headerValueProblem(value: string): HeaderValueProblem | undefined {
  if (CONTROL.test(value)) return "control";
  if (/[\u0100-\uffff]/.test(value)) return "latin1";
  if (/^ | $/.test(value)) return "spaces";
  return undefined;
}

export type CallbackProblem =
  | { kind: "control" }
  | { kind: "uri" }
  | { kind: "host" }
  | { kind: "scheme"; scheme: string }
  | { kind: "credentials" };

/**
 * What is wrong with a Callback, if anything: control characters (the URL parser would drop CR, LF
 * and tabs: what was written is not what would be sent), not an absolute URI (spaces around it
 * included), a scheme other than https (and http, when the service allows it), no host, or a user
 * and password (never sent: the HTTP client drops them).
 */
export function callbackProblem(value: string, allowHttp: boolean): CallbackProblem | undefined {
  if (CONTROL.test(value)) return { kind: "control" };
  if (value !== value.trim() || !/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return { kind: "uri" };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { kind: "uri" };
  }
  if (url.protocol !== "https:" && !(allowHttp && url.protocol === "http:")) {
    return { kind: "scheme", scheme: url.protocol.replace(/:$/, "") };
  }
  if (!url.hostname) return { kind: "host" };
  return url.username || url.password ? { kind: "credentials" } : undefined;
}

/** A Callback as it is stored and sent: what `new URL()` serialises (lower-case host, %-escapes…). */
export const normalizedCallback = (value: string) => new URL(value).href;

/** Alerts of new enquiries (docs/contract.md#alerts): a subscriber's name, its agencies, its links. */
export const LIMITES_ALERTAS = { suscriptor: /^[A-Za-z0-9._~-]{1,100}$/, agencias: 200, url: 1024 } as const;

/** The states of a notification in the delivery log. */
export const ESTADOS_ENTREGA = ["pendiente", "enviando", "entregada", "fallida", "descartada"] as const;
export type EstadoEntrega = (typeof ESTADOS_ENTREGA)[number];
