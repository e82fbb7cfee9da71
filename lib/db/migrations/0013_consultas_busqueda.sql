-- What `q` searches (docs/decisions/0040), folded by the database: lower case without accents, so a
-- search for "gomez" finds "Gómez". The search folds its terms with the same function.
CREATE FUNCTION consultas_plegar(texto text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT lower(translate(texto, 'ÁÀÂÄÃÅáàâäãåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÖÕóòôöõÚÙÛÜúùûüÑñÇçÝýÿ', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuNnCcYyy'))
$$;--> statement-breakpoint
-- The buyer's name, surname and e-mail, the sid, make, model, version, ExternalId and RefStock,
-- folded, then the phone's digits alone (a phone is found whatever its formatting).
CREATE FUNCTION consultas_busqueda(sid text, external_id text, auto jsonb, interesado jsonb) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT consultas_plegar(
    coalesce(interesado->>'Nombre', '') || ' ' || coalesce(interesado->>'Apellido', '') || ' ' || coalesce(interesado->>'Email', '')
    || ' ' || sid || ' ' || coalesce(auto->>'Marca', '') || ' ' || coalesce(auto->>'Modelo', '') || ' ' || coalesce(auto->>'Version', '')
    || ' ' || external_id || ' ' || coalesce(auto->>'RefStock', '')
  ) || ' ' || regexp_replace(coalesce(interesado->>'Telefono', ''), '[^0-9]', '', 'g')
$$;--> statement-breakpoint
ALTER TABLE "consultas" ADD COLUMN "busqueda" text GENERATED ALWAYS AS (consultas_busqueda(sid, external_id, auto, interesado)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "consultas_busqueda_idx" ON "consultas" USING gin ("busqueda" gin_trgm_ops);