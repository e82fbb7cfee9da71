CREATE TABLE "consultas_por_hora" (
	"agencia_id" text NOT NULL,
	"app_id" text NOT NULL,
	"operador_responsable" text NOT NULL,
	"hora" timestamp with time zone NOT NULL,
	"cantidad" integer NOT NULL,
	CONSTRAINT "consultas_por_hora_agencia_id_app_id_hora_operador_responsable_pk" PRIMARY KEY("agencia_id","app_id","hora","operador_responsable")
);
--> statement-breakpoint
ALTER TABLE "consultas_por_dia" DROP CONSTRAINT "consultas_por_dia_agencia_id_app_id_operador_responsable_dia_pk";--> statement-breakpoint
ALTER TABLE "consultas_por_dia" ADD CONSTRAINT "consultas_por_dia_agencia_id_app_id_dia_operador_responsable_pk" PRIMARY KEY("agencia_id","app_id","dia","operador_responsable");--> statement-breakpoint
ALTER TABLE "consultas_por_hora" ADD CONSTRAINT "consultas_por_hora_agencia_id_agencias_id_fk" FOREIGN KEY ("agencia_id") REFERENCES "public"."agencias"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "consultas_por_hora" ("agencia_id", "app_id", "operador_responsable", "hora", "cantidad")
SELECT "agencia_id", coalesce("app_id", ''), "operador_responsable", date_trunc('hour', "momento" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', count(*)
FROM "consultas"
GROUP BY 1, 2, 3, 4;
