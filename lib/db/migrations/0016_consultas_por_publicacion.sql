CREATE TABLE "consultas_por_publicacion" (
	"agencia_id" text NOT NULL,
	"app_id" text NOT NULL,
	"operador_responsable" text NOT NULL,
	"dia" date NOT NULL,
	"external_id" text NOT NULL,
	"cantidad" integer NOT NULL,
	CONSTRAINT "consultas_por_publicacion_agencia_id_app_id_operador_responsable_dia_external_id_pk" PRIMARY KEY("agencia_id","app_id","operador_responsable","dia","external_id")
);
--> statement-breakpoint
ALTER TABLE "consultas_por_publicacion" ADD CONSTRAINT "consultas_por_publicacion_agencia_id_agencias_id_fk" FOREIGN KEY ("agencia_id") REFERENCES "public"."agencias"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "consultas_por_publicacion" ("agencia_id", "app_id", "operador_responsable", "dia", "external_id", "cantidad")
WITH "por_operador" AS (
	SELECT "agencia_id", coalesce("app_id", '') AS "app_id", "operador_responsable", ("momento" AT TIME ZONE 'UTC')::date AS "dia", "external_id", count(*) AS "cantidad"
	FROM "consultas"
	WHERE "external_id" <> ''
	GROUP BY 1, 2, 3, 4, 5
)
SELECT "agencia_id", "app_id", "operador_responsable", "dia", "external_id", "cantidad" FROM "por_operador"
UNION ALL
SELECT "agencia_id", "app_id", '', "dia", "external_id", sum("cantidad") FROM "por_operador" GROUP BY 1, 2, 4, 5;
