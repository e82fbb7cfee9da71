CREATE TABLE "consultas_atencion" (
	"app_id" text NOT NULL,
	"sid" text NOT NULL,
	"agencia_id" text NOT NULL,
	"operador_responsable" text NOT NULL,
	"recibida" timestamp with time zone NOT NULL,
	"atendida" boolean NOT NULL,
	"por" text NOT NULL,
	"momento" timestamp with time zone NOT NULL,
	CONSTRAINT "consultas_atencion_app_id_sid_pk" PRIMARY KEY("app_id","sid")
);
--> statement-breakpoint
ALTER TABLE "consultas_atencion" ADD CONSTRAINT "consultas_atencion_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultas_atencion" ADD CONSTRAINT "consultas_atencion_sid_consultas_sid_fk" FOREIGN KEY ("sid") REFERENCES "public"."consultas"("sid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consultas_atencion_periodo_idx" ON "consultas_atencion" USING btree ("app_id","agencia_id","recibida");