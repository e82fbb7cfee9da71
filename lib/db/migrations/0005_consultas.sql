CREATE TABLE "consultas" (
	"sid" text PRIMARY KEY NOT NULL,
	"agencia_id" text NOT NULL,
	"app_id" text,
	"external_id" text NOT NULL,
	"tipo_anuncio" text NOT NULL,
	"origen_lead" text NOT NULL,
	"momento" timestamp with time zone NOT NULL,
	"auto" jsonb NOT NULL,
	"interesado" jsonb NOT NULL,
	"operador_responsable" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consultas" ADD CONSTRAINT "consultas_agencia_id_agencias_id_fk" FOREIGN KEY ("agencia_id") REFERENCES "public"."agencias"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultas" ADD CONSTRAINT "consultas_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consultas_agencia_app_momento_idx" ON "consultas" USING btree ("agencia_id","app_id","momento" DESC NULLS LAST,"sid" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "consultas_agencia_momento_idx" ON "consultas" USING btree ("agencia_id","momento" DESC NULLS LAST,"sid" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "consultas_agencia_operador_momento_idx" ON "consultas" USING btree ("agencia_id","operador_responsable","momento" DESC NULLS LAST,"sid" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "consultas_agencia_external_momento_idx" ON "consultas" USING btree ("agencia_id","external_id","momento" DESC NULLS LAST,"sid" DESC NULLS LAST);