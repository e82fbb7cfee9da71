import { readdirSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { server } from "../support/client";
import { unique } from "../support/consultas";
import { createPanelUser, createPanelWorkspace, type PanelRole, signInPanel } from "../support/panel";

/**
 * Issue 29, item 6: every page of the Panel answers with the status of what it shows, for every role:
 * the Panel's "No tenés permiso" page with 403 and its "no encontramos" pages with 404, so monitoring
 * and tests see them. A page whose loading state streamed before its role check answered 200.
 */

const base = () => server().baseUrl;
const PASSWORD = "clave-de-estados-01";
const AGENCIA = unique("estados-agencia");
const SIN_AGENCIA = unique("estados-ninguna");

const TITULOS = { 403: "No tenés permiso para ver esta página", 404: "No encontramos" } as const;

/** Every page of app/(panel)/panel (its route, as the folders name it), typed as a URL, and what each role gets. */
const PAGINAS: [ruta: string, url: string, estados: Record<PanelRole, 200 | 403 | 404>][] = [
  ["/panel", "/panel", { admin: 200, soporte: 200, agencia: 200 }],
  ["/panel/consultas", "/panel/consultas", { admin: 200, soporte: 200, agencia: 200 }],
  ["/panel/consultas", "/panel/consultas?agencia=x&desde=no-es-fecha", { admin: 200, soporte: 200, agencia: 200 }],
  ["/panel/consultas/buscar", "/panel/consultas/buscar", { admin: 200, soporte: 200, agencia: 403 }],
  ["/panel/consultas/buscar", "/panel/consultas/buscar?q=gomez", { admin: 200, soporte: 200, agencia: 403 }],
  ["/panel/agencias", "/panel/agencias", { admin: 200, soporte: 200, agencia: 403 }],
  ["/panel/agencias/[adminMail]", `/panel/agencias/${SIN_AGENCIA}`, { admin: 404, soporte: 404, agencia: 403 }],
  ["/panel/notificaciones", "/panel/notificaciones", { admin: 200, soporte: 200, agencia: 403 }],
  ["/panel/notificaciones/[topic]/configurar", "/panel/notificaciones/consultas/configurar", { admin: 200, soporte: 403, agencia: 403 }],
  ["/panel/notificaciones/[topic]/configurar", "/panel/notificaciones/no-existe/configurar", { admin: 404, soporte: 403, agencia: 403 }],
  ["/panel/notificaciones/[topic]/entregas", "/panel/notificaciones/consultas/entregas", { admin: 200, soporte: 200, agencia: 403 }],
  ["/panel/notificaciones/[topic]/entregas", "/panel/notificaciones/no-existe/entregas", { admin: 404, soporte: 404, agencia: 403 }],
  ["/panel/publicaciones", "/panel/publicaciones", { admin: 200, soporte: 200, agencia: 200 }],
  ["/panel/publicaciones", "/panel/publicaciones?estado=otra&pagina=x", { admin: 200, soporte: 200, agencia: 200 }],
  ["/panel/publicaciones/[externalId]", "/panel/publicaciones/no-existe", { admin: 404, soporte: 404, agencia: 404 }],
  ["/panel/paquete", "/panel/paquete", { admin: 403, soporte: 403, agencia: 200 }],
  ["/panel/equipo", "/panel/equipo", { admin: 200, soporte: 403, agencia: 403 }],
  ["/panel/conexion", "/panel/conexion", { admin: 200, soporte: 403, agencia: 403 }],
  ["/panel/alertas", "/panel/alertas", { admin: 200, soporte: 200, agencia: 200 }],
  ["/panel/[...resto]", "/panel/no-existe", { admin: 404, soporte: 404, agencia: 404 }],
  ["/panel/[...resto]", "/panel/consultas/no-existe", { admin: 404, soporte: 404, agencia: 404 }],
];

const PANEL = path.join(process.cwd(), "app/(panel)");

/** The routes of the Panel's pages and the Panel's loading.tsx files, from the folders. */
function archivos(nombre: string): string[] {
  return readdirSync(PANEL, { recursive: true, encoding: "utf8" })
    .filter((archivo) => path.basename(archivo) === nombre)
    .map((archivo) => `/${path.dirname(archivo)}`.split(path.sep).join("/"));
}

const cookies = {} as Record<PanelRole, string>;

beforeAll(async () => {
  const workspace = (await createPanelWorkspace(server(), `Estados ${Date.now()}`)).name;
  for (const role of ["admin", "soporte", "agencia"] as const) {
    const email = unique(`estados-${role}`);
    await createPanelUser(server(), { workspace, role, email, password: PASSWORD, agency: role === "agencia" ? AGENCIA : undefined });
    cookies[role] = await signInPanel(base(), email, PASSWORD);
  }
}, 240_000);

describe("Panel pages typed as URLs, by role", () => {
  it("the list covers every page, and no segment has a loading.tsx (it would answer 200 before a child page's role check)", () => {
    expect(new Set(archivos("page.tsx"))).toEqual(new Set(PAGINAS.map(([ruta]) => ruta)));
    expect(archivos("loading.tsx")).toEqual([]);
  });

  for (const role of ["admin", "soporte", "agencia"] as const) {
    it(`${role}: each page's status is what it shows (403 forbidden, 404 not found)`, async () => {
      const vistos: string[] = [];
      const esperados: string[] = [];
      for (const [, url, estados] of PAGINAS) {
        const response = await fetch(`${base()}${url}`, { headers: { Cookie: cookies[role] }, redirect: "manual" });
        const html = await response.text();
        const esperado = estados[role];
        esperados.push(`${url} ${esperado}`);
        vistos.push(`${url} ${response.status}`);
        if (esperado !== 200 && response.status === esperado) expect(html, url).toContain(TITULOS[esperado]);
      }
      expect(vistos).toEqual(esperados);
    }, 120_000);
  }
});
