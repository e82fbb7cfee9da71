CREATE TABLE "consultas_por_publicacion_semana" (
	"agencia_id" text NOT NULL,
	"app_id" text NOT NULL,
	"operador_responsable" text NOT NULL,
	"semana" date NOT NULL,
	"external_id" text NOT NULL,
	"cantidad" integer NOT NULL,
	CONSTRAINT "consultas_por_publicacion_semana_agencia_id_app_id_operador_responsable_semana_external_id_pk" PRIMARY KEY("agencia_id","app_id","operador_responsable","semana","external_id")
);
--> statement-breakpoint
ALTER TABLE "consultas_por_publicacion_semana" ADD CONSTRAINT "consultas_por_publicacion_semana_agencia_id_agencias_id_fk" FOREIGN KEY ("agencia_id") REFERENCES "public"."agencias"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "consultas_por_publicacion_semana" ("agencia_id", "app_id", "operador_responsable", "semana", "external_id", "cantidad")
SELECT "agencia_id", "app_id", "operador_responsable", date_trunc('week', "dia"::timestamp)::date, "external_id", sum("cantidad")
FROM "consultas_por_publicacion"
GROUP BY 1, 2, 3, 4, 5
ORDER BY 1, 2, 3, 4, 5;
--> statement-breakpoint
CLUSTER "consultas_por_publicacion" USING "consultas_por_publicacion_agencia_id_app_id_operador_responsabl";
