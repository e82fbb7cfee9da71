CREATE TABLE "consultas_revisiones" (
	"agencia_id" text PRIMARY KEY NOT NULL,
	"revision" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consultas_revisiones" ADD CONSTRAINT "consultas_revisiones_agencia_id_agencias_id_fk" FOREIGN KEY ("agencia_id") REFERENCES "public"."agencias"("id") ON DELETE cascade ON UPDATE no action;