-- An enquiry stored by ingestion is counted when its transaction commits (decision 0087): the
-- counters of its day, hour, listing's day and week, and its agency's revision, the rows every
-- enquiry of the agency updates, are locked by the database itself right before the commit, and no
-- longer from a statement of the transaction until the application sends its COMMIT. The same sums
-- as `tally` (lib/service/consultas/write/tally.ts), which counts statements of many enquiries
-- (the demo seed) at once and then sets `vitrina.consultas_contadas` so this trigger leaves them.
CREATE FUNCTION consultas_contar() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  su_app text := coalesce(NEW.app_id, '');
  su_dia date := (NEW.momento AT TIME ZONE 'UTC')::date;
BEGIN
  INSERT INTO consultas_por_dia (agencia_id, app_id, operador_responsable, dia, cantidad)
  VALUES (NEW.agencia_id, su_app, NEW.operador_responsable, su_dia, 1)
  ON CONFLICT (agencia_id, app_id, dia, operador_responsable) DO UPDATE SET cantidad = consultas_por_dia.cantidad + 1;
  IF NEW.external_id <> '' THEN
    INSERT INTO consultas_por_publicacion (agencia_id, app_id, operador_responsable, dia, external_id, cantidad)
    VALUES (NEW.agencia_id, su_app, NEW.operador_responsable, su_dia, NEW.external_id, 1), (NEW.agencia_id, su_app, '', su_dia, NEW.external_id, 1)
    ON CONFLICT (agencia_id, app_id, operador_responsable, dia, external_id)
    DO UPDATE SET cantidad = consultas_por_publicacion.cantidad + excluded.cantidad;
    INSERT INTO consultas_por_publicacion_semana (agencia_id, app_id, operador_responsable, semana, external_id, cantidad)
    VALUES (NEW.agencia_id, su_app, NEW.operador_responsable, date_trunc('week', NEW.momento AT TIME ZONE 'UTC')::date, NEW.external_id, 1),
      (NEW.agencia_id, su_app, '', date_trunc('week', NEW.momento AT TIME ZONE 'UTC')::date, NEW.external_id, 1)
    ON CONFLICT (agencia_id, app_id, operador_responsable, semana, external_id)
    DO UPDATE SET cantidad = consultas_por_publicacion_semana.cantidad + excluded.cantidad;
  END IF;
  INSERT INTO consultas_revisiones (agencia_id, revision) VALUES (NEW.agencia_id, 1)
  ON CONFLICT (agencia_id) DO UPDATE SET revision = consultas_revisiones.revision + 1;
  INSERT INTO consultas_por_hora (agencia_id, app_id, operador_responsable, hora, cantidad)
  VALUES (NEW.agencia_id, su_app, NEW.operador_responsable, date_trunc('hour', NEW.momento AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', 1)
  ON CONFLICT (agencia_id, app_id, hora, operador_responsable) DO UPDATE SET cantidad = consultas_por_hora.cantidad + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
-- The condition is looked at when the row is stored (not at the commit): rows counted already queue nothing.
CREATE CONSTRAINT TRIGGER consultas_contar_al_confirmar AFTER INSERT ON consultas DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (current_setting('vitrina.consultas_contadas', true) IS DISTINCT FROM 'si')
  EXECUTE FUNCTION consultas_contar();
