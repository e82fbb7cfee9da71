ALTER TABLE "agencia_apps" ADD COLUMN "invitacion_nombre" text;--> statement-breakpoint
ALTER TABLE "agencia_apps" ADD COLUMN "invitacion_telefono" text;--> statement-breakpoint
ALTER TABLE "agencias" ADD COLUMN "creada_por_app_id" text;--> statement-breakpoint
ALTER TABLE "agencias" ADD CONSTRAINT "agencias_creada_por_app_id_apps_id_fk" FOREIGN KEY ("creada_por_app_id") REFERENCES "public"."apps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- An unregistered agency's Nombre and Telefono were what the last invitation wrote: they go to the
-- inviting app's relation when only one app invited it (with several, nobody can tell whose they are).
UPDATE "agencia_apps" SET "invitacion_nombre" = a."nombre", "invitacion_telefono" = a."telefono"
FROM "agencias" a
WHERE a."id" = "agencia_apps"."agencia_id" AND a."registrada_at" IS NULL
  AND (SELECT count(*) FROM "agencia_apps" o WHERE o."agencia_id" = a."id") = 1;--> statement-breakpoint
UPDATE "agencias" SET "nombre" = NULL, "telefono" = NULL WHERE "registrada_at" IS NULL;--> statement-breakpoint
-- The creator: the app of the first invitation used; an agency without one (the demo seed) was
-- created by the app attached to it first.
UPDATE "agencias" a SET "creada_por_app_id" = coalesce(
  (SELECT i."app_id" FROM "invitaciones" i WHERE i."agencia_id" = a."id" AND i."usada_at" IS NOT NULL ORDER BY i."usada_at", i."id" LIMIT 1),
  (SELECT r."app_id" FROM "agencia_apps" r WHERE r."agencia_id" = a."id" AND r."registrada_at" IS NOT NULL ORDER BY r."registrada_at", r."app_id" LIMIT 1)
)
WHERE a."registrada_at" IS NOT NULL;--> statement-breakpoint
-- One listing per ExternalId of an agency: enquiries went to the oldest active one, which stays;
-- the ones it shadowed (never reachable while it was active) are removed.
DELETE FROM "publicaciones" WHERE "id" IN (
  SELECT "id" FROM (
    SELECT "id", row_number() OVER (PARTITION BY "agencia_id", "external_id" ORDER BY ("estado" = 'activa') DESC, "created_at", "id") AS n
    FROM "publicaciones"
  ) ranked WHERE n > 1
);--> statement-breakpoint
DROP INDEX "publicaciones_agencia_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "publicaciones_agencia_external_idx" ON "publicaciones" USING btree ("agencia_id","external_id");
