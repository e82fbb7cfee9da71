CREATE TABLE "modelos" (
	"id" integer PRIMARY KEY NOT NULL,
	"marca_id" integer NOT NULL,
	"nombre" text NOT NULL,
	"clave" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "publicacion_fotos" (
	"publicacion_id" text NOT NULL,
	"url" text NOT NULL,
	"posicion" integer NOT NULL,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"motivo" text,
	"comprobada_at" timestamp with time zone,
	CONSTRAINT "publicacion_fotos_publicacion_id_url_pk" PRIMARY KEY("publicacion_id","url")
);
--> statement-breakpoint
DROP INDEX "publicaciones_app_external_idx";--> statement-breakpoint
ALTER TABLE "productos" ALTER COLUMN "exposiciones" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "publicaciones" ALTER COLUMN "estado" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "productos" ADD COLUMN "exposicion_alta" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "productos" ADD COLUMN "exposicion_media" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "productos" ADD COLUMN "exposicion_baja" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "publicaciones" ADD COLUMN "external_id_original" text;--> statement-breakpoint
ALTER TABLE "publicaciones" ADD COLUMN "ref_stock" text;--> statement-breakpoint
ALTER TABLE "publicaciones" ADD COLUMN "marca_id" integer;--> statement-breakpoint
ALTER TABLE "publicaciones" ADD COLUMN "marca" text;--> statement-breakpoint
ALTER TABLE "publicaciones" ADD COLUMN "modelo_id" integer;--> statement-breakpoint
ALTER TABLE "publicaciones" ADD COLUMN "modelo" text;--> statement-breakpoint
ALTER TABLE "publicaciones" ADD COLUMN "version" text;--> statement-breakpoint
ALTER TABLE "publicaciones" ADD COLUMN "version_year" integer;--> statement-breakpoint
ALTER TABLE "publicaciones" ADD COLUMN "kilometraje" integer;--> statement-breakpoint
ALTER TABLE "publicaciones" ADD COLUMN "precio" jsonb;--> statement-breakpoint
ALTER TABLE "publicaciones" ADD COLUMN "carroceria_id" integer;--> statement-breakpoint
ALTER TABLE "publicaciones" ADD COLUMN "carroceria" text;--> statement-breakpoint
ALTER TABLE "publicaciones" ADD COLUMN "color_id" integer;--> statement-breakpoint
ALTER TABLE "publicaciones" ADD COLUMN "color" text;--> statement-breakpoint
ALTER TABLE "publicaciones" ADD COLUMN "combustible" text;--> statement-breakpoint
ALTER TABLE "publicaciones" ADD COLUMN "transmision" text;--> statement-breakpoint
ALTER TABLE "publicaciones" ADD COLUMN "descripcion" text;--> statement-breakpoint
ALTER TABLE "publicaciones" ADD COLUMN "operador_responsable" text;--> statement-breakpoint
ALTER TABLE "publicaciones" ADD COLUMN "motivo" text;--> statement-breakpoint
ALTER TABLE "publicaciones" ADD COLUMN "exposicion_pedida" text;--> statement-breakpoint
ALTER TABLE "publicaciones" ADD COLUMN "exposicion" text;--> statement-breakpoint
ALTER TABLE "publicaciones" ADD COLUMN "modificada" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "publicaciones" ADD COLUMN "activada" timestamp with time zone;--> statement-breakpoint
-- The package's levels: from the JSON column to one column each. A package from before levels were
-- enforced (none contracted) shows its publications at the standard level, Baja (decisions 0067).
UPDATE "productos" SET
  "exposicion_alta" = coalesce(("exposiciones"->'Alta'->>'Contratadas')::integer, 0),
  "exposicion_media" = coalesce(("exposiciones"->'Media'->>'Contratadas')::integer, 0),
  "exposicion_baja" = coalesce(("exposiciones"->'Baja'->>'Contratadas')::integer, 0);--> statement-breakpoint
UPDATE "productos" SET "exposicion_baja" = "publicaciones_contratadas"
WHERE "exposicion_alta" = 0 AND "exposicion_media" = 0 AND "exposicion_baja" = 0;
--> statement-breakpoint
-- Listings from the marketplace ingestion: their columns come from the Auto they were stored with
-- (the catalogue ids are matched after the catalogue loads: lib/service/publicaciones/legacy.ts);
-- the operator is the administrator; a suspended one was suspended by a detachment.
UPDATE "publicaciones" p SET
  "external_id_original" = coalesce(nullif(p."auto"->>'ExternalId', ''), p."external_id"),
  "ref_stock" = p."auto"->>'RefStock',
  "marca" = coalesce(p."auto"->>'Marca', ''),
  "modelo" = coalesce(p."auto"->>'Modelo', ''),
  "version" = p."auto"->>'Version',
  "version_year" = CASE WHEN jsonb_typeof(p."auto"->'VersionYear') = 'number' THEN (p."auto"->>'VersionYear')::numeric::integer END,
  "kilometraje" = CASE WHEN jsonb_typeof(p."auto"->'Kilometraje') = 'number' THEN (p."auto"->>'Kilometraje')::numeric::integer END,
  "precio" = CASE WHEN jsonb_typeof(p."auto"->'Precio') = 'object' THEN p."auto"->'Precio' END,
  "carroceria" = p."auto"->>'BodyType',
  "color" = p."auto"->>'Color',
  "operador_responsable" = a."admin_mail",
  "motivo" = CASE WHEN p."estado" = 'suspendida' THEN 'desasociada' END,
  "modificada" = p."created_at",
  "activada" = CASE WHEN p."estado" = 'activa' THEN p."created_at" END
FROM "agencias" a WHERE a."id" = p."agencia_id";
--> statement-breakpoint
-- Within the package: the oldest active listings take the levels, best first, as far as the package
-- reaches; the rest are suspended by the package. No notification: the topic is new, nobody has it.
WITH ordenadas AS (
  SELECT p."id", row_number() OVER (PARTITION BY p."agencia_id" ORDER BY p."created_at", p."id") AS n,
    coalesce(pr."estado", 'sin-plan') AS paquete, coalesce(pr."publicaciones_contratadas", 0) AS contratadas,
    coalesce(pr."exposicion_alta", 0) AS alta, coalesce(pr."exposicion_media", 0) AS media, coalesce(pr."exposicion_baja", 0) AS baja
  FROM "publicaciones" p LEFT JOIN "productos" pr ON pr."agencia_id" = p."agencia_id"
  WHERE p."estado" = 'activa'
), niveles AS (
  SELECT "id", CASE
    WHEN paquete <> 'activo' OR n > contratadas THEN NULL
    WHEN n <= alta THEN 'Alta'
    WHEN n <= alta + media THEN 'Media'
    WHEN n <= alta + media + baja THEN 'Baja'
  END AS nivel FROM ordenadas
)
UPDATE "publicaciones" p SET
  "exposicion" = niveles.nivel,
  "estado" = CASE WHEN niveles.nivel IS NULL THEN 'suspendida' ELSE 'activa' END,
  "motivo" = CASE WHEN niveles.nivel IS NULL THEN 'paquete' END,
  "activada" = CASE WHEN niveles.nivel IS NULL THEN NULL ELSE p."activada" END
FROM niveles WHERE niveles."id" = p."id";
--> statement-breakpoint
ALTER TABLE "publicaciones" ALTER COLUMN "external_id_original" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "publicaciones" ALTER COLUMN "marca" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "publicaciones" ALTER COLUMN "modelo" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "publicaciones" ALTER COLUMN "operador_responsable" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "publicaciones" ALTER COLUMN "modificada" SET NOT NULL;--> statement-breakpoint
-- What `q` finds (decisions 0070): " term term … " of the make, model, version, ExternalId and RefStock,
-- folded by consultas_plegar (migration 0013): each word, and each part of a word between punctuation.
CREATE FUNCTION publicaciones_busqueda(marca text, modelo text, version text, external_id text, ref_stock text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ' ' || coalesce(string_agg(termino, ' '), '') || ' ' FROM (
    SELECT DISTINCT unnest(array_append(regexp_split_to_array(palabra, '[^a-z0-9]+'), palabra)) AS termino
    FROM regexp_split_to_table(consultas_plegar(concat_ws(' ', marca, modelo, version, external_id, ref_stock)), '\s+') AS palabra
  ) AS terminos WHERE termino <> ''
$$;--> statement-breakpoint
ALTER TABLE "publicaciones" ADD COLUMN "busqueda" text GENERATED ALWAYS AS (publicaciones_busqueda(marca, modelo, version, external_id_original, ref_stock)) STORED NOT NULL;
--> statement-breakpoint
ALTER TABLE "modelos" ADD CONSTRAINT "modelos_marca_id_marcas_id_fk" FOREIGN KEY ("marca_id") REFERENCES "public"."marcas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publicacion_fotos" ADD CONSTRAINT "publicacion_fotos_publicacion_id_publicaciones_id_fk" FOREIGN KEY ("publicacion_id") REFERENCES "public"."publicaciones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "modelos_marca_idx" ON "modelos" USING btree ("marca_id","clave");--> statement-breakpoint
CREATE INDEX "publicacion_fotos_pendientes_idx" ON "publicacion_fotos" USING btree ("publicacion_id","posicion") WHERE "publicacion_fotos"."estado" = 'pendiente';--> statement-breakpoint
CREATE INDEX "publicaciones_lista_idx" ON "publicaciones" USING btree ("agencia_id","app_id","modificada","id");--> statement-breakpoint
CREATE INDEX "publicaciones_cupo_idx" ON "publicaciones" USING btree ("agencia_id","estado","exposicion","activada");--> statement-breakpoint
CREATE INDEX "publicaciones_busqueda_idx" ON "publicaciones" USING gin ("busqueda" gin_trgm_ops);