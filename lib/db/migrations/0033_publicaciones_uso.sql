ALTER TABLE "publicaciones_revisiones" ADD COLUMN "activas" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "publicaciones_revisiones" ADD COLUMN "alta" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "publicaciones_revisiones" ADD COLUMN "media" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "publicaciones_revisiones" ADD COLUMN "baja" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The package's use (decision 0130): each agency's Activa listings, all and per level, kept in its
-- revision row by the statement that inserts, changes or deletes its listings, in that statement's
-- transaction, whoever runs it. Every agency with listings gets its row now, counted.
INSERT INTO publicaciones_revisiones AS r (agencia_id, revision, activas, alta, media, baja)
SELECT agencia_id, 0, count(*) FILTER (WHERE estado = 'activa'), count(*) FILTER (WHERE estado = 'activa' AND exposicion = 'Alta'),
  count(*) FILTER (WHERE estado = 'activa' AND exposicion = 'Media'), count(*) FILTER (WHERE estado = 'activa' AND exposicion = 'Baja')
FROM publicaciones GROUP BY agencia_id
ON CONFLICT (agencia_id) DO UPDATE SET activas = excluded.activas, alta = excluded.alta, media = excluded.media, baja = excluded.baja;--> statement-breakpoint
-- Once per agency and statement, as before (migration 0030), the revision raised and each listing's
-- place added as it is now (insert, update) and taken away as it was (update, delete). A delete's
-- OLD TABLE is named `cambiadas` too; an update's has both. Agencies deleted in the same transaction
-- (a cascade) are left out by the join.
CREATE OR REPLACE FUNCTION publicaciones_revisar() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  signo integer := CASE TG_OP WHEN 'DELETE' THEN -1 ELSE 1 END;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO publicaciones_revisiones AS r (agencia_id, revision, activas, alta, media, baja)
    SELECT a.id, 1, sum(l.activa), sum(l.alta), sum(l.media), sum(l.baja)
    FROM (
      SELECT agencia_id, (estado = 'activa')::integer AS activa, (estado = 'activa' AND exposicion = 'Alta')::integer AS alta,
        (estado = 'activa' AND exposicion = 'Media')::integer AS media, (estado = 'activa' AND exposicion = 'Baja')::integer AS baja
      FROM cambiadas
      UNION ALL
      SELECT agencia_id, -(estado = 'activa')::integer, -(estado = 'activa' AND exposicion = 'Alta')::integer,
        -(estado = 'activa' AND exposicion = 'Media')::integer, -(estado = 'activa' AND exposicion = 'Baja')::integer
      FROM antes
    ) l JOIN agencias a ON a.id = l.agencia_id GROUP BY a.id ORDER BY 1
    ON CONFLICT (agencia_id) DO UPDATE SET revision = r.revision + 1, activas = r.activas + excluded.activas,
      alta = r.alta + excluded.alta, media = r.media + excluded.media, baja = r.baja + excluded.baja;
  ELSE
    INSERT INTO publicaciones_revisiones AS r (agencia_id, revision, activas, alta, media, baja)
    SELECT a.id, 1, signo * count(*) FILTER (WHERE c.estado = 'activa'), signo * count(*) FILTER (WHERE c.estado = 'activa' AND c.exposicion = 'Alta'),
      signo * count(*) FILTER (WHERE c.estado = 'activa' AND c.exposicion = 'Media'),
      signo * count(*) FILTER (WHERE c.estado = 'activa' AND c.exposicion = 'Baja')
    FROM cambiadas c JOIN agencias a ON a.id = c.agencia_id GROUP BY a.id ORDER BY 1
    ON CONFLICT (agencia_id) DO UPDATE SET revision = r.revision + 1, activas = r.activas + excluded.activas,
      alta = r.alta + excluded.alta, media = r.media + excluded.media, baja = r.baja + excluded.baja;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER publicaciones_revisar_cambio ON publicaciones;--> statement-breakpoint
CREATE TRIGGER publicaciones_revisar_cambio AFTER UPDATE ON publicaciones REFERENCING OLD TABLE AS antes NEW TABLE AS cambiadas
  FOR EACH STATEMENT EXECUTE FUNCTION publicaciones_revisar();--> statement-breakpoint
-- Creating a listing reads the use from the row (decision 0130) instead of counting.
DROP FUNCTION publicaciones_en_uso(text);
