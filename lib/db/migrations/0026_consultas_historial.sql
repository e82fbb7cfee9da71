-- Each enquiry's history (decision 0108): every change of an app's mark and every resend, and the
-- indexes that find an enquiry's notifications (decision 0109) and who in the Panel opened it.
CREATE TABLE "consultas_historial" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "consultas_historial_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"app_id" text NOT NULL,
	"sid" text NOT NULL,
	"evento" text NOT NULL,
	"por" text,
	"notificacion_id" text,
	"momento" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consultas_historial" ADD CONSTRAINT "consultas_historial_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultas_historial" ADD CONSTRAINT "consultas_historial_sid_consultas_sid_fk" FOREIGN KEY ("sid") REFERENCES "public"."consultas"("sid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consultas_historial_sid_idx" ON "consultas_historial" USING btree ("app_id","sid","momento");--> statement-breakpoint
CREATE INDEX "panel_consultas_leidas_sid_idx" ON "panel_consultas_leidas" USING btree ("sid");--> statement-breakpoint
CREATE INDEX "notificaciones_consulta_idx" ON "notificaciones" USING btree ("app_id",("payload" #>> '{Datos,Sid}'),"created_at") WHERE "notificaciones"."topic" = 'consultas';--> statement-breakpoint
-- The marks made before this keep their one change: the current one.
INSERT INTO consultas_historial (app_id, sid, evento, por, momento)
SELECT app_id, sid, CASE WHEN atendida THEN 'atendida' ELSE 'desatendida' END, por, momento FROM consultas_atencion;
