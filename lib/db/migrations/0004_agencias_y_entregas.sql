CREATE TABLE "agencia_apps" (
	"agencia_id" text NOT NULL,
	"app_id" text NOT NULL,
	"estado" text NOT NULL,
	"invitada_at" timestamp with time zone NOT NULL,
	"invitacion_vence_at" timestamp with time zone NOT NULL,
	"registrada_at" timestamp with time zone,
	"desasociada_at" timestamp with time zone,
	"compartir_catalogo" boolean DEFAULT false NOT NULL,
	CONSTRAINT "agencia_apps_agencia_id_app_id_pk" PRIMARY KEY("agencia_id","app_id")
);
--> statement-breakpoint
CREATE TABLE "agencias" (
	"id" text PRIMARY KEY NOT NULL,
	"admin_mail" text NOT NULL,
	"nombre" text,
	"telefono" text,
	"whatsapp" text,
	"region" text,
	"ciudad" text,
	"direccion" text,
	"password_hash" text,
	"registrada_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agencias_admin_mail_unique" UNIQUE("admin_mail")
);
--> statement-breakpoint
CREATE TABLE "dev_mailbox" (
	"id" text PRIMARY KEY NOT NULL,
	"from" text NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entrega_intentos" (
	"id" text PRIMARY KEY NOT NULL,
	"notificacion_id" text NOT NULL,
	"momento" timestamp with time zone NOT NULL,
	"disparo" text NOT NULL,
	"http_status" integer NOT NULL,
	"latencia_ms" integer NOT NULL,
	"respuesta" text,
	"error" text,
	"proximo_intento_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "invitaciones" (
	"id" text PRIMARY KEY NOT NULL,
	"agencia_id" text NOT NULL,
	"app_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"vence_at" timestamp with time zone NOT NULL,
	"usada_at" timestamp with time zone,
	"reemplazada_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invitaciones_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" text PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"intentos" integer DEFAULT 0 NOT NULL,
	"proximo_intento_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ultimo_error" text,
	"enviado_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notificaciones" (
	"id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"topic" text NOT NULL,
	"payload" jsonb NOT NULL,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"intentos" integer DEFAULT 0 NOT NULL,
	"proximo_intento_at" timestamp with time zone DEFAULT now() NOT NULL,
	"entregada_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operadores" (
	"agencia_id" text NOT NULL,
	"email" text NOT NULL,
	"nombre" text NOT NULL,
	"apellido" text NOT NULL,
	"es_administrador" boolean DEFAULT false NOT NULL,
	CONSTRAINT "operadores_agencia_id_email_pk" PRIMARY KEY("agencia_id","email")
);
--> statement-breakpoint
CREATE TABLE "productos" (
	"agencia_id" text PRIMARY KEY NOT NULL,
	"plan" text,
	"estado" text DEFAULT 'sin-plan' NOT NULL,
	"vigente_desde" date,
	"vigente_hasta" date,
	"publicaciones_contratadas" integer DEFAULT 0 NOT NULL,
	"exposiciones" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "publicaciones" (
	"id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"agencia_id" text NOT NULL,
	"external_id" text NOT NULL,
	"auto" jsonb NOT NULL,
	"estado" text DEFAULT 'activa' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_configs" ADD COLUMN "failing_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "agencia_apps" ADD CONSTRAINT "agencia_apps_agencia_id_agencias_id_fk" FOREIGN KEY ("agencia_id") REFERENCES "public"."agencias"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agencia_apps" ADD CONSTRAINT "agencia_apps_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entrega_intentos" ADD CONSTRAINT "entrega_intentos_notificacion_id_notificaciones_id_fk" FOREIGN KEY ("notificacion_id") REFERENCES "public"."notificaciones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitaciones" ADD CONSTRAINT "invitaciones_agencia_id_agencias_id_fk" FOREIGN KEY ("agencia_id") REFERENCES "public"."agencias"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitaciones" ADD CONSTRAINT "invitaciones_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificaciones" ADD CONSTRAINT "notificaciones_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operadores" ADD CONSTRAINT "operadores_agencia_id_agencias_id_fk" FOREIGN KEY ("agencia_id") REFERENCES "public"."agencias"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "productos" ADD CONSTRAINT "productos_agencia_id_agencias_id_fk" FOREIGN KEY ("agencia_id") REFERENCES "public"."agencias"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publicaciones" ADD CONSTRAINT "publicaciones_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publicaciones" ADD CONSTRAINT "publicaciones_agencia_id_agencias_id_fk" FOREIGN KEY ("agencia_id") REFERENCES "public"."agencias"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agencia_apps_app_idx" ON "agencia_apps" USING btree ("app_id","estado");--> statement-breakpoint
CREATE INDEX "entrega_intentos_notificacion_idx" ON "entrega_intentos" USING btree ("notificacion_id","momento");--> statement-breakpoint
CREATE INDEX "entrega_intentos_momento_idx" ON "entrega_intentos" USING btree ("momento");--> statement-breakpoint
CREATE INDEX "mail_outbox_pending_idx" ON "mail_outbox" USING btree ("estado","proximo_intento_at");--> statement-breakpoint
CREATE INDEX "notificaciones_pending_idx" ON "notificaciones" USING btree ("estado","proximo_intento_at");--> statement-breakpoint
CREATE INDEX "notificaciones_app_topic_idx" ON "notificaciones" USING btree ("app_id","topic");--> statement-breakpoint
CREATE INDEX "operadores_email_idx" ON "operadores" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "publicaciones_app_external_idx" ON "publicaciones" USING btree ("app_id","external_id");--> statement-breakpoint
CREATE INDEX "publicaciones_agencia_idx" ON "publicaciones" USING btree ("agencia_id");