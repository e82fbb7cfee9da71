CREATE TABLE "publicacion_cambios" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "publicacion_cambios_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"publicacion_id" text NOT NULL,
	"momento" timestamp with time zone NOT NULL,
	"cambio" text NOT NULL,
	"origen" text NOT NULL,
	"estado" text NOT NULL,
	"motivo" text,
	"exposicion" text,
	"foto_url" text,
	"foto_estado" text,
	"foto_motivo" text
);
--> statement-breakpoint
ALTER TABLE "publicacion_cambios" ADD CONSTRAINT "publicacion_cambios_publicacion_id_publicaciones_id_fk" FOREIGN KEY ("publicacion_id") REFERENCES "public"."publicaciones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "publicacion_cambios_publicacion_idx" ON "publicacion_cambios" USING btree ("publicacion_id","id");