-- A phone is found by any of its digits in a row (decision 0098): "351 737" finds +54 9 351 737-1234.
-- The digits from each position on are terms, down to the last two: a search, which matches the
-- beginning of a term, finds a phone by its beginning (the digits themselves, migration 0018), its
-- end or anything in between. Words are folded as migration 0023 folds them.
CREATE OR REPLACE FUNCTION consultas_terminos(sid text, external_id text, auto jsonb, interesado jsonb) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array(SELECT DISTINCT termino FROM (
    SELECT palabra AS termino FROM unnest(palabras) AS palabra
    UNION ALL
    SELECT substr(palabra, posicion + 1) FROM unnest(palabras) AS palabra, generate_series(1, length(palabra) - 3) AS posicion
      WHERE palabra ~ '[.@_+/-]' AND substr(palabra, posicion, 1) IN ('.', '@', '_', '-', '+', '/')
    UNION ALL
    SELECT unnest(ARRAY[digitos, '~' || reverse(digitos)]) WHERE digitos <> ''
    UNION ALL
    SELECT substr(digitos, posicion) FROM generate_series(2, length(digitos) - 1) AS posicion
    UNION ALL
    SELECT '~' || reverse(lower(sid))
  ) AS terminos WHERE termino <> '')
  FROM (SELECT array(
      SELECT CASE WHEN octet_length(palabra) = length(palabra) THEN lower(palabra) ELSE consultas_plegar(palabra) END
      FROM unnest(regexp_split_to_array(concat_ws(' ',
        interesado->>'Nombre', interesado->>'Apellido', interesado->>'Email', sid,
        auto->>'Marca', auto->>'Modelo', auto->>'Version', external_id, auto->>'RefStock'), '\s+')) AS palabra) AS palabras,
    regexp_replace(coalesce(interesado->>'Telefono', ''), '[^0-9]', '', 'g') AS digitos) AS texto
$$;--> statement-breakpoint
-- The enquiries already stored get the terms they now have and did not (only their phones' new ones).
INSERT INTO consultas_terminos (agencia_id, termino, momento, sid, app_id, tipo_anuncio, operador_responsable)
SELECT c.agencia_id, t.termino, c.momento, c.sid, c.app_id, c.tipo_anuncio, c.operador_responsable
FROM consultas c, unnest(consultas_terminos(c.sid, c.external_id, c.auto, c.interesado)) AS t(termino)
WHERE c.interesado->>'Telefono' IS NOT NULL
  AND NOT EXISTS (
    SELECT 1 FROM consultas_terminos e
    WHERE e.agencia_id = c.agencia_id AND e.termino = t.termino AND e.momento = c.momento AND e.sid = c.sid
  );
