-- The same terms as migration 0025's, made by PL/pgSQL (decision 0120): each of the SQL function's
-- subqueries was a plan run for every enquiry, 85 µs an enquiry; this loop over its words takes 32 µs
-- (100,000 demo enquiries, the same terms for each).
CREATE OR REPLACE FUNCTION consultas_terminos(sid text, external_id text, auto jsonb, interesado jsonb) RETURNS text[]
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  palabra text;
  terminos text[] := ARRAY['~' || reverse(lower(sid))];
  digitos text := regexp_replace(coalesce(interesado->>'Telefono', ''), '[^0-9]', '', 'g');
BEGIN
  FOREACH palabra IN ARRAY regexp_split_to_array(concat_ws(' ',
      interesado->>'Nombre', interesado->>'Apellido', interesado->>'Email', sid,
      auto->>'Marca', auto->>'Modelo', auto->>'Version', external_id, auto->>'RefStock'), '\s+') LOOP
    palabra := CASE WHEN octet_length(palabra) = length(palabra) THEN lower(palabra) ELSE consultas_plegar(palabra) END;
    terminos := terminos || palabra;
    IF palabra ~ '[.@_+/-]' THEN
      FOR posicion IN 1 .. length(palabra) - 3 LOOP
        IF substr(palabra, posicion, 1) IN ('.', '@', '_', '-', '+', '/') THEN
          terminos := terminos || substr(palabra, posicion + 1);
        END IF;
      END LOOP;
    END IF;
  END LOOP;
  IF digitos <> '' THEN
    terminos := terminos || ARRAY[digitos, '~' || reverse(digitos)];
  END IF;
  FOR posicion IN 2 .. length(digitos) - 1 LOOP
    terminos := terminos || substr(digitos, posicion);
  END LOOP;
  RETURN array(SELECT DISTINCT termino FROM unnest(terminos) AS termino WHERE termino <> '');
END $$;--> statement-breakpoint
-- A statement that writes its enquiries' terms itself (the demo seed, decision 0120) sets
-- `vitrina.consultas_terminos` to 'aparte' for its transaction, and the trigger leaves them: the seed
-- then stores a million enquiries' terms in one insert and builds their index once, from sorted data.
DROP TRIGGER consultas_terminos_al_guardar ON consultas;--> statement-breakpoint
CREATE TRIGGER consultas_terminos_al_guardar AFTER INSERT ON consultas REFERENCING NEW TABLE AS nuevas
  FOR EACH STATEMENT WHEN (current_setting('vitrina.consultas_terminos', true) IS DISTINCT FROM 'aparte')
  EXECUTE FUNCTION consultas_terminos_guardar();
