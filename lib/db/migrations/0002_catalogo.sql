CREATE TABLE "carrocerias" (
	"id" integer PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"codename" text NOT NULL,
	"clave" text NOT NULL,
	CONSTRAINT "carrocerias_codename_unique" UNIQUE("codename")
);
--> statement-breakpoint
CREATE TABLE "catalogo_terminos" (
	"tipo" text NOT NULL,
	"item_id" integer NOT NULL,
	"termino" text NOT NULL,
	"ambito" integer,
	CONSTRAINT "catalogo_terminos_tipo_item_id_termino_pk" PRIMARY KEY("tipo","item_id","termino")
);
--> statement-breakpoint
CREATE TABLE "ciudades" (
	"id" integer PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"region_id" integer NOT NULL,
	"clave" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "colores" (
	"id" integer PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"html_color" text NOT NULL,
	"clave" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marcas" (
	"id" integer PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"codenames" text[] NOT NULL,
	"mercado_nuevos" boolean NOT NULL,
	"clave" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "regiones" (
	"id" integer PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"iso" text NOT NULL,
	"clave" text NOT NULL,
	CONSTRAINT "regiones_iso_unique" UNIQUE("iso")
);
--> statement-breakpoint
CREATE TABLE "service_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ciudades" ADD CONSTRAINT "ciudades_region_id_regiones_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regiones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalogo_terminos_trgm_idx" ON "catalogo_terminos" USING gin ("termino" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ciudades_region_idx" ON "ciudades" USING btree ("region_id","clave");