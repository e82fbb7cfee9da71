CREATE TABLE "consultas_por_dia" (
	"agencia_id" text NOT NULL,
	"app_id" text NOT NULL,
	"operador_responsable" text NOT NULL,
	"dia" date NOT NULL,
	"cantidad" integer NOT NULL,
	CONSTRAINT "consultas_por_dia_agencia_id_app_id_operador_responsable_dia_pk" PRIMARY KEY("agencia_id","app_id","operador_responsable","dia")
);
--> statement-breakpoint
ALTER TABLE "consultas_por_dia" ADD CONSTRAINT "consultas_por_dia_agencia_id_agencias_id_fk" FOREIGN KEY ("agencia_id") REFERENCES "public"."agencias"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "consultas_por_dia" ("agencia_id", "app_id", "operador_responsable", "dia", "cantidad")
SELECT "agencia_id", coalesce("app_id", ''), "operador_responsable", ("momento" AT TIME ZONE 'UTC')::date, count(*)
FROM "consultas"
GROUP BY 1, 2, 3, 4;
