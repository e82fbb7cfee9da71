DROP INDEX "consultas_agencia_app_momento_idx";--> statement-breakpoint
DROP INDEX "consultas_agencia_momento_idx";--> statement-breakpoint
DROP INDEX "consultas_agencia_operador_momento_idx";--> statement-breakpoint
DROP INDEX "consultas_agencia_external_momento_idx";--> statement-breakpoint
CREATE INDEX "consultas_agencia_app_momento_idx" ON "consultas" USING btree ("agencia_id","app_id","momento","sid");--> statement-breakpoint
CREATE INDEX "consultas_agencia_momento_idx" ON "consultas" USING btree ("agencia_id","momento","sid","app_id","tipo_anuncio");--> statement-breakpoint
CREATE INDEX "consultas_agencia_operador_momento_idx" ON "consultas" USING btree ("agencia_id","operador_responsable","momento","sid","app_id","tipo_anuncio");--> statement-breakpoint
CREATE INDEX "consultas_agencia_external_momento_idx" ON "consultas" USING btree ("agencia_id","external_id","momento","sid","app_id","tipo_anuncio");