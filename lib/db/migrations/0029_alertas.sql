CREATE TABLE "alertas" (
	"suscripcion_id" text NOT NULL,
	"sid" text NOT NULL,
	"canal" text NOT NULL,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"intentos" integer DEFAULT 0 NOT NULL,
	"proximo_intento_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mail_id" text,
	"enviada_at" timestamp with time zone,
	"ultimo_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alertas_suscripcion_id_sid_canal_pk" PRIMARY KEY("suscripcion_id","sid","canal")
);
--> statement-breakpoint
CREATE TABLE "alertas_agencias" (
	"agencia_id" text NOT NULL,
	"suscripcion_id" text NOT NULL,
	CONSTRAINT "alertas_agencias_agencia_id_suscripcion_id_pk" PRIMARY KEY("agencia_id","suscripcion_id")
);
--> statement-breakpoint
CREATE TABLE "alertas_suscripciones" (
	"id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"suscriptor" text NOT NULL,
	"email" text,
	"push_endpoint" text,
	"push_p256dh" text,
	"push_auth" text,
	"operador" text,
	"enlace" text NOT NULL,
	"horario" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alertas_suscripciones_app_suscriptor" UNIQUE("app_id","suscriptor")
);
--> statement-breakpoint
ALTER TABLE "alertas" ADD CONSTRAINT "alertas_suscripcion_id_alertas_suscripciones_id_fk" FOREIGN KEY ("suscripcion_id") REFERENCES "public"."alertas_suscripciones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alertas_agencias" ADD CONSTRAINT "alertas_agencias_agencia_id_agencias_id_fk" FOREIGN KEY ("agencia_id") REFERENCES "public"."agencias"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alertas_agencias" ADD CONSTRAINT "alertas_agencias_suscripcion_id_alertas_suscripciones_id_fk" FOREIGN KEY ("suscripcion_id") REFERENCES "public"."alertas_suscripciones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alertas_suscripciones" ADD CONSTRAINT "alertas_suscripciones_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alertas_pendientes_idx" ON "alertas" USING btree ("estado","proximo_intento_at");--> statement-breakpoint
CREATE INDEX "alertas_agencias_suscripcion_idx" ON "alertas_agencias" USING btree ("suscripcion_id");--> statement-breakpoint
-- An enquiry's alerts are queued by its own insert, in its transaction (decision 0100): one row per
-- subscription of its agency whose app sees the enquiry (its listing's app, or for a catalogue
-- enquiry an app the agency shares them with: docs/contract.md#visibility) and whose operator sees
-- it, and per channel the subscription has. Nobody subscribed to the agency: one index probe, no row.
-- The demo seed's enquiries (`vitrina.consultas_contadas`, migration 0024) alert nobody.
CREATE FUNCTION consultas_alertar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO alertas (suscripcion_id, sid, canal, created_at, proximo_intento_at)
  SELECT s.id, NEW.sid, canal.nombre, clock_timestamp(), clock_timestamp()
  FROM alertas_agencias sa
  JOIN alertas_suscripciones s ON s.id = sa.suscripcion_id
  JOIN agencia_apps aa ON aa.agencia_id = sa.agencia_id AND aa.app_id = s.app_id AND aa.estado = 'registrada'
  CROSS JOIN LATERAL (VALUES ('email', s.email IS NOT NULL), ('push', s.push_endpoint IS NOT NULL)) AS canal (nombre, activo)
  WHERE sa.agencia_id = NEW.agencia_id
    AND canal.activo
    AND CASE WHEN NEW.app_id IS NULL THEN aa.compartir_catalogo ELSE aa.app_id = NEW.app_id END
    AND (s.operador IS NULL OR s.operador = NEW.operador_responsable
         OR EXISTS (SELECT 1 FROM agencias a WHERE a.id = NEW.agencia_id AND a.admin_mail = s.operador));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER consultas_alertar AFTER INSERT ON consultas
  FOR EACH ROW WHEN (current_setting('vitrina.consultas_contadas', true) IS DISTINCT FROM 'si')
  EXECUTE FUNCTION consultas_alertar();
