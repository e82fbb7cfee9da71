import { expect } from "vitest";
import { type Credentials, operar } from "./client";
import { call } from "./consultas";

/** Shared steps of the listing tests: a car as PublicacionCreate, a package set with the CLI, reads. */

let counter = 0;
/** An ExternalId no other test uses (2..255 of A-Z a-z 0-9 - . _ ~). */
export const externalId = (prefix = "PUB") =>
  `${prefix}-${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 5)}`;

export const nuevaPublicacion = (extra: Record<string, unknown> = {}) => ({
  ExternalId: externalId(),
  RefStock: "AB123CD",
  Marca: "vw",
  Modelo: "amarok",
  Version: "V6 Highline 4x4",
  VersionYear: 2022,
  Kilometraje: 35_000,
  Precio: { Moneda: "USD", Importe: 42_000 },
  Carroceria: "pick-up",
  Color: "gris plata",
  Combustible: "diesel",
  Transmision: "automatica",
  Descripcion: "Única mano, services oficiales.",
  // None by default: a photo's check, when it ends, changes the listing (its ETag, its Modificada).
  Fotos: [] as { Url: string }[],
  ...extra,
});

/** PublicacionEdit from a creation body: the same without the identity. */
export const edicion = (body: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
  const { ExternalId: _id, Marca: _marca, Modelo: _modelo, Version: _version, ...rest } = body;
  return { ...rest, ...extra };
};

export type Paquete = { publicaciones?: number; alta?: number; media?: number; baja?: number; estado?: string };

/** `agency plan` as an operator runs it; returns its JSON answer. */
export function paquete(mail: string, { estado = "activo", ...lugares }: Paquete) {
  return operar<Record<string, unknown> & { Suspendidas: number; CambiadasDeNivel: number }>("agency.plan", {
    admin: mail,
    plan: "Plan de prueba",
    estado,
    ...lugares,
  });
}

export const publicar = (app: Credentials, mail: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  call(app, "POST", `/v3/publicaciones/${mail}`, body, headers);

/** The listing as its app reads it (200 expected). */
export async function leer(app: Credentials, mail: string, id: string) {
  const response = await call(app, "GET", `/v3/publicaciones/${mail}/${id}`);
  expect(response.status, `GET ${id}`).toBe(200);
  return response.json();
}

export async function listar(app: Credentials, mail: string, query = "") {
  const response = await call(app, "GET", `/v3/publicaciones/${mail}${query}`);
  expect(response.status, `GET list ${query}`).toBe(200);
  return response.json() as Promise<{
    Total: number;
    Pagina: number;
    PerPagina: number;
    _entries: Record<string, unknown>[];
    _links: Record<string, { href: string }>;
  }>;
}

export async function productos(app: Credentials, mail: string) {
  const response = await call(app, "GET", `/v3/agencias/${mail}/productos`);
  expect(response.status).toBe(200);
  return response.json();
}

/** What one 400 or 409 names: its Errors keys, sorted. */
export async function errores(response: Response): Promise<string[]> {
  const body = await response.json();
  return Object.keys(body.Errors ?? {}).sort();
}
