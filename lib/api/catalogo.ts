import { z } from "zod";
import type { carrocerias, ciudades, colores, marcas, modelos, regiones } from "@/lib/db/schema-catalogo";
import { inputString, linksSchema, RefItemSchema, SelfLinksSchema } from "./common";
import { defineOperation } from "./operation";

export const CATALOGUE_CACHE = "private, max-age=3600";

const int32Id = z.coerce
  .number({ message: "Se espera un número entero" })
  .int({ message: "Se espera un número entero" })
  .min(1, { message: "Se espera un entero positivo" })
  .max(2_147_483_647, { message: "Se espera un entero de 32 bits" });

export const IdParams = z.object({ id: int32Id.meta({ description: "Id del ítem (int32)" }) });
const searchText = (description: string) => inputString().trim().min(1, { message: "No puede estar vacío" }).max(200).meta({ description });

// ── Schemas ───────────────────────────────────────────────────────────────────────────────────

export const CarroceriaSchema = z
  .object({ Id: z.number().int(), Nombre: z.string(), Codename: z.string(), _links: SelfLinksSchema })
  .meta({ id: "Carroceria" });
export const RegionSchema = z
  .object({ Id: z.number().int(), Nombre: z.string(), Iso: z.string(), _links: SelfLinksSchema })
  .meta({ id: "Region" });
export const CiudadSchema = z
  .object({
    Id: z.number().int(),
    Nombre: z.string(),
    Region: z.string(),
    RegionId: z.number().int(),
    _links: linksSchema("CiudadLinks", ["region"]),
  })
  .meta({ id: "Ciudad" });
export const ColorSchema = z
  .object({ Id: z.number().int(), Nombre: z.string(), HtmlColor: z.string().regex(/^#[0-9a-f]{6}$/), _links: SelfLinksSchema })
  .meta({ id: "Color" });
export const MarcaSchema = z
  .object({ Id: z.number().int(), Nombre: z.string(), Codenames: z.array(z.string()), MercadoNuevos: z.boolean(), _links: SelfLinksSchema })
  .meta({ id: "Marca" });

export const ModeloSchema = z
  .object({
    Id: z.number().int(),
    Nombre: z.string(),
    Marca: z.string().meta({ description: "El nombre de la marca" }),
    MarcaId: z.number().int(),
    _links: linksSchema("ModeloLinks", ["marca"]),
  })
  .meta({ id: "Modelo" });

const listOf = (item: z.ZodType, id: string) => z.object({ _links: SelfLinksSchema, _entries: z.array(item) }).meta({ id });

export const CarroceriasSchema = listOf(CarroceriaSchema, "Carrocerias");
export const RegionesSchema = listOf(RegionSchema, "Regiones");
export const RegionesRefSchema = listOf(RefItemSchema, "RegionesRef");
export const CiudadesSchema = listOf(CiudadSchema, "Ciudades");
export const CiudadesRefSchema = listOf(RefItemSchema, "CiudadesRef");
export const ColoresSchema = listOf(ColorSchema, "Colores");
export const ColoresRefSchema = listOf(RefItemSchema, "ColoresRef");
export const MarcasSchema = listOf(MarcaSchema, "Marcas");
export const MarcasRefSchema = listOf(RefItemSchema, "MarcasRef");
export const ModelosSchema = listOf(ModeloSchema, "Modelos");
export const ModelosRefSchema = listOf(RefItemSchema, "ModelosRef");

// ── Operations ────────────────────────────────────────────────────────────────────────────────

const catalogue = { tag: "Catálogos", cacheControl: CATALOGUE_CACHE } as const;
const notFound = { 404: "El ítem no existe." } as const;
const invalid = (what: string) => ({ 400: `${what}; ValidationProblemDetails con el parámetro en Errors.` }) as const;

export const listCarroceriasOp = defineOperation({
  ...catalogue,
  method: "GET",
  path: "/v3/carrocerias",
  operationId: "listCarrocerias",
  summary: "Carrocerías",
  description: "El catálogo de tipos de carrocería.",
  success: { status: 200, description: "Carrocerias", entry: CarroceriasSchema },
});

export const bestMatchCarroceriaOp = defineOperation({
  ...catalogue,
  method: "GET",
  path: "/v3/carrocerias/bestmatch",
  operationId: "bestMatchCarroceria",
  summary: "La carrocería que mejor coincide",
  description:
    "Compara contra id, api-url, api-url-path, nombre o codename; ignora mayúsculas, acentos y puntuación, y tolera errores de tipeo.",
  query: z.object({ bodystyle: searchText("Valor a buscar") }),
  success: { status: 200, description: "Carroceria", entry: CarroceriaSchema },
  errors: invalid("Falta bodystyle o nada coincide"),
});

export const getCarroceriaOp = defineOperation({
  ...catalogue,
  method: "GET",
  path: "/v3/carrocerias/{id}",
  operationId: "getCarroceria",
  summary: "Una carrocería",
  description: "Un tipo de carrocería del catálogo, por su Id.",
  params: IdParams,
  success: { status: 200, description: "Carroceria", entry: CarroceriaSchema },
  errors: { ...invalid("id no es un entero"), ...notFound },
});

export const listRegionesOp = defineOperation({
  ...catalogue,
  method: "GET",
  path: "/v3/regiones",
  operationId: "listRegiones",
  summary: "Regiones (provincias): extensión",
  description: "Las provincias del catálogo con su código ISO 3166-2 (extensión del contrato).",
  success: { status: 200, description: "Regiones", entry: RegionesSchema, ref: RegionesRefSchema },
});

export const getRegionOp = defineOperation({
  ...catalogue,
  method: "GET",
  path: "/v3/regiones/{id}",
  operationId: "getRegion",
  summary: "Una región: extensión",
  description: "Una provincia del catálogo, por su Id (extensión del contrato).",
  params: IdParams,
  success: { status: 200, description: "Region", entry: RegionSchema, ref: RefItemSchema },
  errors: { ...invalid("id no es un entero"), ...notFound },
});

export const listCiudadesOp = defineOperation({
  ...catalogue,
  method: "GET",
  path: "/v3/ciudades",
  operationId: "listCiudades",
  summary: "Ciudades de una región o por nombre",
  description: "Requiere `region`, `q` o ambos.",
  query: z
    .object({
      region: int32Id.optional().meta({ description: "Id de la región; opcional si se envía q" }),
      q: searchText("Parte del nombre; opcional si se envía region").optional(),
    })
    .superRefine((query, context) => {
      if (query.region === undefined && query.q === undefined) {
        for (const key of ["region", "q"]) context.addIssue({ code: "custom", path: [key], message: "Enviá region, q o ambos." });
      }
    }),
  success: { status: 200, description: "Ciudades", entry: CiudadesSchema, ref: CiudadesRefSchema },
  errors: invalid("Falta region y q, o un valor es inválido"),
});

export const bestMatchCiudadOp = defineOperation({
  ...catalogue,
  method: "GET",
  path: "/v3/ciudades/bestmatch",
  operationId: "bestMatchCiudad",
  summary: "La ciudad que mejor coincide, dentro de la provincia indicada",
  description: "Busca por nombre, sin distinguir mayúsculas ni acentos, la ciudad más parecida dentro de la provincia indicada.",
  query: z.object({
    state: searchText("Provincia: id, api-url, api-url-path, nombre o código ISO (AR-X)"),
    city: searchText("Ciudad: id, api-url, api-url-path, nombre completo o parte del nombre"),
  }),
  success: { status: 200, description: "Ciudad", entry: CiudadSchema, ref: RefItemSchema },
  errors: invalid("Falta state o city, o nada coincide"),
});

export const getCiudadOp = defineOperation({
  ...catalogue,
  method: "GET",
  path: "/v3/ciudades/{id}",
  operationId: "getCiudad",
  summary: "Una ciudad",
  description: "Una ciudad del catálogo, por su Id, con el enlace a su provincia.",
  params: IdParams,
  success: { status: 200, description: "Ciudad", entry: CiudadSchema, ref: RefItemSchema },
  errors: { ...invalid("id no es un entero"), ...notFound },
});

export const listColoresOp = defineOperation({
  ...catalogue,
  method: "GET",
  path: "/v3/colores",
  operationId: "listColores",
  summary: "Colores",
  description: "El catálogo de colores, con su valor HTML; q filtra por parte del nombre.",
  query: z.object({ q: searchText("Parte del nombre").optional(), nombre: searchText("Nombre completo").optional() }),
  success: { status: 200, description: "Colores", entry: ColoresSchema, ref: ColoresRefSchema },
  errors: invalid("Un valor es inválido"),
});

export const getColorOp = defineOperation({
  ...catalogue,
  method: "GET",
  path: "/v3/colores/{id}",
  operationId: "getColor",
  summary: "Un color",
  description: "Un color del catálogo, por su Id.",
  params: IdParams,
  success: { status: 200, description: "Color", entry: ColorSchema, ref: RefItemSchema },
  errors: { ...invalid("id no es un entero"), ...notFound },
});

export const listMarcasOp = defineOperation({
  ...catalogue,
  method: "GET",
  path: "/v3/marcas",
  operationId: "listMarcas",
  summary: "Marcas",
  description: "El catálogo de marcas; q filtra por parte del nombre o del codename y soloMercadoNuevos deja las que venden 0 km hoy.",
  query: z.object({
    q: searchText("Parte del nombre o del codename").optional(),
    soloMercadoNuevos: z
      .stringbool({ truthy: ["true"], falsy: ["false"], case: "sensitive", error: "Se espera true o false" })
      .default(false)
      .meta({
        description: "true: solo marcas que venden 0 km hoy. Un booleano del spec: se escribe true o false (otro valor responde 400).",
        override: { type: "boolean", default: false },
      }),
  }),
  success: { status: 200, description: "Marcas", entry: MarcasSchema, ref: MarcasRefSchema },
  errors: invalid("Un valor es inválido"),
});

export const bestMatchMarcaOp = defineOperation({
  ...catalogue,
  method: "GET",
  path: "/v3/marcas/bestmatch",
  operationId: "bestMatchMarca",
  summary: "La marca que mejor coincide",
  description: "Busca por nombre o codename, sin distinguir mayúsculas ni acentos, la marca más parecida.",
  query: z.object({ make: searchText("Id, api-url, api-url-path, nombre o codename") }),
  success: { status: 200, description: "Marca", entry: MarcaSchema, ref: RefItemSchema },
  errors: invalid("Falta make o nada coincide"),
});

export const getMarcaOp = defineOperation({
  ...catalogue,
  method: "GET",
  path: "/v3/marcas/{id}",
  operationId: "getMarca",
  summary: "Una marca: extensión",
  description: "Una marca del catálogo, por su Id (extensión del contrato).",
  params: IdParams,
  success: { status: 200, description: "Marca", entry: MarcaSchema, ref: RefItemSchema },
  errors: { ...invalid("id no es un entero"), ...notFound },
});

export const listModelosOp = defineOperation({
  ...catalogue,
  method: "GET",
  path: "/v3/modelos",
  operationId: "listModelos",
  summary: "Modelos de una marca o por nombre",
  description: "Requiere `marca`, `q` o ambos. El Modelo de una publicación es uno de ellos.",
  query: z
    .object({
      marca: int32Id.optional().meta({ description: "Id de la marca; opcional si se envía q" }),
      q: searchText("Parte del nombre; opcional si se envía marca").optional(),
    })
    .superRefine((query, context) => {
      if (query.marca === undefined && query.q === undefined) {
        for (const key of ["marca", "q"]) context.addIssue({ code: "custom", path: [key], message: "Enviá marca, q o ambos." });
      }
    }),
  success: { status: 200, description: "Modelos", entry: ModelosSchema, ref: ModelosRefSchema },
  errors: invalid("Falta marca y q, la marca no existe o un valor es inválido"),
});

export const bestMatchModeloOp = defineOperation({
  ...catalogue,
  method: "GET",
  path: "/v3/modelos/bestmatch",
  operationId: "bestMatchModelo",
  summary: "El modelo que mejor coincide, dentro de la marca indicada",
  description:
    "Busca la marca como /v3/marcas/bestmatch y, dentro de ella, el modelo por nombre (o api-url), sin distinguir mayúsculas, acentos ni puntuación, tolerando errores de tipeo.",
  query: z.object({
    make: searchText("Marca: id, api-url, api-url-path, nombre o codename"),
    model: searchText("Modelo: nombre, api-url o api-url-path"),
  }),
  success: { status: 200, description: "Modelo", entry: ModeloSchema, ref: RefItemSchema },
  errors: invalid("Falta make o model, o nada coincide"),
});

export const getModeloOp = defineOperation({
  ...catalogue,
  method: "GET",
  path: "/v3/modelos/{id}",
  operationId: "getModelo",
  summary: "Un modelo",
  description: "Un modelo del catálogo, por su Id, con el enlace a su marca.",
  params: IdParams,
  success: { status: 200, description: "Modelo", entry: ModeloSchema, ref: RefItemSchema },
  errors: { ...invalid("id no es un entero"), ...notFound },
});

export const catalogoOperations = [
  listCarroceriasOp,
  bestMatchCarroceriaOp,
  getCarroceriaOp,
  listCiudadesOp,
  bestMatchCiudadOp,
  getCiudadOp,
  listColoresOp,
  getColorOp,
  listMarcasOp,
  bestMatchMarcaOp,
  getMarcaOp,
  listModelosOp,
  bestMatchModeloOp,
  getModeloOp,
  listRegionesOp,
  getRegionOp,
];

// ── Representations ───────────────────────────────────────────────────────────────────────────

/** The rows the catalogue's representations are made from (the service's queries return them). */
export type RegionRow = typeof regiones.$inferSelect;
export type CiudadRow = typeof ciudades.$inferSelect & { region: string };
export type MarcaRow = typeof marcas.$inferSelect;
export type ModeloRow = typeof modelos.$inferSelect & { marca: string };
export type CarroceriaRow = typeof carrocerias.$inferSelect;
export type ColorRow = typeof colores.$inferSelect;

type Form = "entry" | "ref";
type Ref = z.output<typeof RefItemSchema>;

export const presentCarroceria = (row: CarroceriaRow): z.output<typeof CarroceriaSchema> => ({
  Id: row.id,
  Nombre: row.nombre,
  Codename: row.codename,
  _links: { self: { href: `/v3/carrocerias/${row.id}` } },
});

export const presentRegion = (row: RegionRow, form: Form): z.output<typeof RegionSchema> | Ref =>
  form === "ref"
    ? { href: `/v3/regiones/${row.id}`, title: row.nombre }
    : { Id: row.id, Nombre: row.nombre, Iso: row.iso, _links: { self: { href: `/v3/regiones/${row.id}` } } };

export const presentCiudad = (row: CiudadRow, form: Form): z.output<typeof CiudadSchema> | Ref =>
  form === "ref"
    ? { href: `/v3/ciudades/${row.id}`, title: `${row.nombre} (${row.region})` }
    : {
        Id: row.id,
        Nombre: row.nombre,
        Region: row.region,
        RegionId: row.regionId,
        _links: { self: { href: `/v3/ciudades/${row.id}` }, region: { href: `/v3/regiones/${row.regionId}` } },
      };

export const presentColor = (row: ColorRow, form: Form): z.output<typeof ColorSchema> | Ref =>
  form === "ref"
    ? { href: `/v3/colores/${row.id}`, title: row.nombre }
    : { Id: row.id, Nombre: row.nombre, HtmlColor: row.htmlColor, _links: { self: { href: `/v3/colores/${row.id}` } } };

export const presentMarca = (row: MarcaRow, form: Form): z.output<typeof MarcaSchema> | Ref =>
  form === "ref"
    ? { href: `/v3/marcas/${row.id}`, title: row.nombre }
    : {
        Id: row.id,
        Nombre: row.nombre,
        Codenames: row.codenames,
        MercadoNuevos: row.mercadoNuevos,
        _links: { self: { href: `/v3/marcas/${row.id}` } },
      };

export const presentModelo = (row: ModeloRow, form: Form): z.output<typeof ModeloSchema> | Ref =>
  form === "ref"
    ? { href: `/v3/modelos/${row.id}`, title: `${row.marca} ${row.nombre}` }
    : {
        Id: row.id,
        Nombre: row.nombre,
        Marca: row.marca,
        MarcaId: row.marcaId,
        _links: { self: { href: `/v3/modelos/${row.id}` }, marca: { href: `/v3/marcas/${row.marcaId}` } },
      };

export function presentList<T>(self: string, rows: T[], present: (row: T) => unknown) {
  return { _links: { self: { href: self } }, _entries: rows.map(present) };
}
