-- The same terms as migration 0018's, for less work (decision 0085): each word is folded alone, and
-- a word of ASCII characters only (most of them) just lower-cased, since the accents `translate` takes
-- away are none of them; `translate` costs a scan of its 54 accented letters for every character.
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
    SELECT '~' || reverse(lower(sid))
  ) AS terminos WHERE termino <> '')
  FROM (SELECT array(
      SELECT CASE WHEN octet_length(palabra) = length(palabra) THEN lower(palabra) ELSE consultas_plegar(palabra) END
      FROM unnest(regexp_split_to_array(concat_ws(' ',
        interesado->>'Nombre', interesado->>'Apellido', interesado->>'Email', sid,
        auto->>'Marca', auto->>'Modelo', auto->>'Version', external_id, auto->>'RefStock'), '\s+')) AS palabra) AS palabras,
    regexp_replace(coalesce(interesado->>'Telefono', ''), '[^0-9]', '', 'g') AS digitos) AS texto
$$;--> statement-breakpoint
-- The terms of the enquiries one statement stores go into their index in its order: the demo seed
-- stores all its enquiries in one statement, and their terms, written in the index's order, fill its
-- pages one after another instead of touching a page anywhere for each term. Ingestion's statement
-- stores one enquiry: sorting its twenty terms costs nothing.
CREATE OR REPLACE FUNCTION consultas_terminos_guardar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO consultas_terminos (agencia_id, termino, momento, sid, app_id, tipo_anuncio, operador_responsable)
  SELECT n.agencia_id, t.termino, n.momento, n.sid, n.app_id, n.tipo_anuncio, n.operador_responsable
  FROM nuevas n, unnest(consultas_terminos(n.sid, n.external_id, n.auto, n.interesado)) AS t(termino)
  ORDER BY n.agencia_id, t.termino COLLATE "C", n.momento, n.sid;
  RETURN NULL;
END $$;
