CREATE TABLE "publicaciones_revisiones" (
	"agencia_id" text PRIMARY KEY NOT NULL,
	"revision" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "publicaciones_revisiones" ADD CONSTRAINT "publicaciones_revisiones_agencia_id_agencias_id_fk" FOREIGN KEY ("agencia_id") REFERENCES "public"."agencias"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- An agency's listings revision (decision 0124) is raised by the statement that changes them: every
-- insert, update and delete of publicaciones or publicacion_fotos, whichever code path (v3, the
-- marketplace ingestion, the package, the photo workers, the seed, the operator) ran it, once per
-- agency the statement touched, in the statement's transaction. Agencies deleted in the same
-- transaction (a cascade) are left out by the join.
CREATE FUNCTION publicaciones_revisar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO publicaciones_revisiones (agencia_id, revision)
  SELECT DISTINCT a.id, 1 FROM cambiadas c JOIN agencias a ON a.id = c.agencia_id ORDER BY 1
  ON CONFLICT (agencia_id) DO UPDATE SET revision = publicaciones_revisiones.revision + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION publicacion_fotos_revisar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO publicaciones_revisiones (agencia_id, revision)
  SELECT DISTINCT p.agencia_id, 1 FROM cambiadas c JOIN publicaciones p ON p.id = c.publicacion_id ORDER BY 1
  ON CONFLICT (agencia_id) DO UPDATE SET revision = publicaciones_revisiones.revision + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER publicaciones_revisar_alta AFTER INSERT ON publicaciones REFERENCING NEW TABLE AS cambiadas
  FOR EACH STATEMENT EXECUTE FUNCTION publicaciones_revisar();--> statement-breakpoint
CREATE TRIGGER publicaciones_revisar_cambio AFTER UPDATE ON publicaciones REFERENCING NEW TABLE AS cambiadas
  FOR EACH STATEMENT EXECUTE FUNCTION publicaciones_revisar();--> statement-breakpoint
CREATE TRIGGER publicaciones_revisar_baja AFTER DELETE ON publicaciones REFERENCING OLD TABLE AS cambiadas
  FOR EACH STATEMENT EXECUTE FUNCTION publicaciones_revisar();--> statement-breakpoint
CREATE TRIGGER publicacion_fotos_revisar_alta AFTER INSERT ON publicacion_fotos REFERENCING NEW TABLE AS cambiadas
  FOR EACH STATEMENT EXECUTE FUNCTION publicacion_fotos_revisar();--> statement-breakpoint
CREATE TRIGGER publicacion_fotos_revisar_cambio AFTER UPDATE ON publicacion_fotos REFERENCING NEW TABLE AS cambiadas
  FOR EACH STATEMENT EXECUTE FUNCTION publicacion_fotos_revisar();--> statement-breakpoint
CREATE TRIGGER publicacion_fotos_revisar_baja AFTER DELETE ON publicacion_fotos REFERENCING OLD TABLE AS cambiadas
  FOR EACH STATEMENT EXECUTE FUNCTION publicacion_fotos_revisar();--> statement-breakpoint
-- The package's use (decision 0125): an agency's Activa listings, all and per level. VOLATILE on
-- purpose: called in a statement after the package's row was locked (FOR UPDATE), it reads with a
-- snapshot of its own taken then, so it counts every activation committed while the statement
-- waited for the lock; a subquery would count with the statement's older snapshot.
CREATE FUNCTION publicaciones_en_uso(agencia text) RETURNS TABLE (activas integer, alta integer, media integer, baja integer)
  LANGUAGE sql VOLATILE AS $$
  SELECT count(*)::integer, (count(*) FILTER (WHERE exposicion = 'Alta'))::integer,
    (count(*) FILTER (WHERE exposicion = 'Media'))::integer, (count(*) FILTER (WHERE exposicion = 'Baja'))::integer
  FROM publicaciones WHERE agencia_id = agencia AND estado = 'activa'
$$;
