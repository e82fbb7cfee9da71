import { z } from "zod";
import { linksSchema } from "./common";
import { defineOperation } from "./operation";

const EntryPointsLinksSchema = linksSchema("EntryPointsLinks", [
  "agencias",
  "agencia",
  "consultas",
  "consulta",
  "publicaciones",
  "publicacion",
  "appnotificaciones",
  "carrocerias",
  "ciudades",
  "colores",
  "marcas",
  "modelos",
  "regiones",
  "openapi",
]);

export const EntryPointsSchema = z.object({ Version: z.literal("v3"), _links: EntryPointsLinksSchema }).meta({ id: "EntryPoints" });

export const getHomeOp = defineOperation({
  method: "GET",
  path: "/v3",
  operationId: "getHome",
  summary: "Puntos de entrada de la API",
  description:
    "Los enlaces a cada recurso de la API (plantillas RFC 6570 donde llevan parámetros). Sirve también para comprobar la firma: responde 200 con cualquier credencial válida.",
  tag: "Home",
  success: {
    status: 200,
    description: "EntryPoints, con ETag fuerte; If-None-Match coincidente responde 304.",
    entry: EntryPointsSchema,
    headers: { ETag: "Etiqueta de entidad del cuerpo" },
  },
});

export const getOpenApiOp = defineOperation({
  method: "GET",
  path: "/v3/openapi.json",
  operationId: "getOpenApi",
  summary: "Este documento OpenAPI 3.1 (público, sin firma)",
  description: "El documento que describe la API, generado de los mismos esquemas con que el servicio valida. Público: no lleva firma.",
  tag: "Home",
  public: true,
  success: { status: 200, description: "Documento OpenAPI 3.1", entry: z.record(z.string(), z.unknown()) },
});

export function entryPoints(): z.output<typeof EntryPointsSchema> {
  return {
    Version: "v3",
    _links: {
      self: { href: "/v3" },
      agencias: { href: "/v3/agencias{?operador,estado}", templated: true },
      agencia: { href: "/v3/agencias/{adminMail}", templated: true },
      consultas: { href: "/v3/consultas/{adminMail}{?operador,externalid,desde,hasta,pagina}", templated: true },
      consulta: { href: "/v3/consultas/{adminMail}/{sid}", templated: true },
      publicaciones: { href: "/v3/publicaciones/{adminMail}{?estado,exposicion,operador,q,modificadaDesde,pagina}", templated: true },
      publicacion: { href: "/v3/publicaciones/{adminMail}/{externalId}", templated: true },
      appnotificaciones: { href: "/v3/appnotificaciones" },
      carrocerias: { href: "/v3/carrocerias" },
      ciudades: { href: "/v3/ciudades{?region,q}", templated: true },
      colores: { href: "/v3/colores{?q,nombre}", templated: true },
      marcas: { href: "/v3/marcas{?q,soloMercadoNuevos}", templated: true },
      modelos: { href: "/v3/modelos{?marca,q}", templated: true },
      regiones: { href: "/v3/regiones" },
      openapi: { href: "/v3/openapi.json" },
    },
  };
}
