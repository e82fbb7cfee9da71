-- What `q` finds (docs/decisions/0051): an enquiry's search terms, folded by `consultas_plegar`
-- (migration 0013): each word of the buyer's name, surname and e-mail, the sid, make, model,
-- version, ExternalId and RefStock; each word's part after punctuation, 3 characters or more
-- (`perez@correo.com`, `correo.com`); the phone's digits; and, behind `~`, the phone's digits and
-- the sid reversed, so a search finds their ends too.
CREATE FUNCTION consultas_terminos(sid text, external_id text, auto jsonb, interesado jsonb) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array(SELECT DISTINCT termino FROM (
    SELECT palabra AS termino FROM unnest(palabras) AS palabra
    UNION ALL
    SELECT substr(palabra, posicion + 1) FROM unnest(palabras) AS palabra, generate_series(1, length(palabra) - 3) AS posicion
      WHERE palabra ~ '[.@_+/-]' AND substr(palabra, posicion, 1) IN ('.', '@', '_', '-', '+', '/')
    UNION ALL
    SELECT unnest(ARRAY[digitos, '~' || reverse(digitos)]) WHERE digitos <> ''
    UNION ALL
    SELECT '~' || reverse(lower(sid))
  ) AS terminos WHERE termino <> '')
  FROM (SELECT regexp_split_to_array(consultas_plegar(concat_ws(' ',
      interesado->>'Nombre', interesado->>'Apellido', interesado->>'Email', sid,
      auto->>'Marca', auto->>'Modelo', auto->>'Version', external_id, auto->>'RefStock')), '\s+') AS palabras,
    regexp_replace(coalesce(interesado->>'Telefono', ''), '[^0-9]', '', 'g') AS digitos) AS texto
$$;--> statement-breakpoint
CREATE TABLE "consultas_terminos" (
	"agencia_id" text NOT NULL,
	"termino" text NOT NULL,
	"momento" timestamp with time zone NOT NULL,
	"sid" text NOT NULL,
	"app_id" text,
	"tipo_anuncio" text NOT NULL,
	"operador_responsable" text NOT NULL
);--> statement-breakpoint
-- Kept by the database: every statement that stores enquiries stores their terms, every one that
-- removes enquiries (an agency's or an app's, by cascade) removes them. Enquiries are never updated.
CREATE FUNCTION consultas_terminos_guardar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO consultas_terminos (agencia_id, termino, momento, sid, app_id, tipo_anuncio, operador_responsable)
  SELECT n.agencia_id, t.termino, n.momento, n.sid, n.app_id, n.tipo_anuncio, n.operador_responsable
  FROM nuevas n, unnest(consultas_terminos(n.sid, n.external_id, n.auto, n.interesado)) AS t(termino);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION consultas_terminos_borrar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM consultas_terminos c
  USING viejas v, unnest(consultas_terminos(v.sid, v.external_id, v.auto, v.interesado)) AS t(termino)
  WHERE c.agencia_id = v.agencia_id AND c.termino = t.termino AND c.momento = v.momento AND c.sid = v.sid;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER consultas_terminos_al_guardar AFTER INSERT ON consultas REFERENCING NEW TABLE AS nuevas
  FOR EACH STATEMENT EXECUTE FUNCTION consultas_terminos_guardar();--> statement-breakpoint
CREATE TRIGGER consultas_terminos_al_borrar AFTER DELETE ON consultas REFERENCING OLD TABLE AS viejas
  FOR EACH STATEMENT EXECUTE FUNCTION consultas_terminos_borrar();--> statement-breakpoint
INSERT INTO consultas_terminos (agencia_id, termino, momento, sid, app_id, tipo_anuncio, operador_responsable)
SELECT c.agencia_id, t.termino, c.momento, c.sid, c.app_id, c.tipo_anuncio, c.operador_responsable
FROM consultas c, unnest(consultas_terminos(c.sid, c.external_id, c.auto, c.interesado)) AS t(termino);--> statement-breakpoint
CREATE INDEX "consultas_terminos_idx" ON "consultas_terminos" USING btree ("agencia_id","termino" text_pattern_ops,"momento","sid","app_id","tipo_anuncio","operador_responsable");--> statement-breakpoint
DROP INDEX "consultas_busqueda_idx";--> statement-breakpoint
ALTER TABLE "consultas" DROP COLUMN "busqueda";--> statement-breakpoint
DROP FUNCTION consultas_busqueda(text, text, jsonb, jsonb);
