ALTER TABLE "publicacion_fotos" ADD COLUMN "revisando_hasta" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "publicacion_fotos" ADD COLUMN "intentos" integer DEFAULT 0 NOT NULL;