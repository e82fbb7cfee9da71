-- Every counter of enquiries and every agency's revision in slots (decision 0129): the rows so far
-- become slot 0, and a value is the sum of its slots.
ALTER TABLE "consultas_por_dia" ADD COLUMN "casilla" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "consultas_por_hora" ADD COLUMN "casilla" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "consultas_por_publicacion" ADD COLUMN "casilla" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "consultas_por_publicacion_semana" ADD COLUMN "casilla" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "consultas_revisiones" ADD COLUMN "casilla" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "consultas_por_dia" DROP CONSTRAINT "consultas_por_dia_agencia_id_app_id_dia_operador_responsable_pk";--> statement-breakpoint
ALTER TABLE "consultas_por_hora" DROP CONSTRAINT "consultas_por_hora_agencia_id_app_id_hora_operador_responsable_pk";--> statement-breakpoint
ALTER TABLE "consultas_por_publicacion" DROP CONSTRAINT "consultas_por_publicacion_agencia_id_app_id_operador_responsable_dia_external_id_pk";--> statement-breakpoint
ALTER TABLE "consultas_por_publicacion_semana" DROP CONSTRAINT "consultas_por_publicacion_semana_agencia_id_app_id_operador_responsable_semana_external_id_pk";--> statement-breakpoint
ALTER TABLE "consultas_revisiones" DROP CONSTRAINT "consultas_revisiones_pkey";--> statement-breakpoint
ALTER TABLE "consultas_por_dia" ADD CONSTRAINT "consultas_por_dia_agencia_id_app_id_dia_operador_responsable_casilla_pk" PRIMARY KEY("agencia_id","app_id","dia","operador_responsable","casilla");--> statement-breakpoint
ALTER TABLE "consultas_por_hora" ADD CONSTRAINT "consultas_por_hora_agencia_id_app_id_hora_operador_responsable_casilla_pk" PRIMARY KEY("agencia_id","app_id","hora","operador_responsable","casilla");--> statement-breakpoint
ALTER TABLE "consultas_por_publicacion" ADD CONSTRAINT "consultas_por_publicacion_agencia_id_app_id_operador_responsable_dia_external_id_casilla_pk" PRIMARY KEY("agencia_id","app_id","operador_responsable","dia","external_id","casilla");--> statement-breakpoint
ALTER TABLE "consultas_por_publicacion_semana" ADD CONSTRAINT "consultas_por_publicacion_semana_agencia_id_app_id_operador_responsable_semana_external_id_casilla_pk" PRIMARY KEY("agencia_id","app_id","operador_responsable","semana","external_id","casilla");--> statement-breakpoint
ALTER TABLE "consultas_revisiones" ADD CONSTRAINT "consultas_revisiones_agencia_id_casilla_pk" PRIMARY KEY("agencia_id","casilla");--> statement-breakpoint
-- The slot a connection counts its enquiries in (decision 0129): its own for as long as it lives,
-- taken in turn from a sequence the first time it counts (a session setting), so the connections
-- of a pool, opened one after another, count in different slots and do not wait for each other's
-- commits; 16 slots, as many rows at most per counter and per agency's revision.
CREATE SEQUENCE consultas_casillas;--> statement-breakpoint
CREATE FUNCTION consultas_casilla() RETURNS smallint LANGUAGE plpgsql AS $$
DECLARE
  casilla text := current_setting('vitrina.consultas_casilla', true);
BEGIN
  IF casilla IS NULL OR casilla = '' THEN
    casilla := (nextval('consultas_casillas') % 16)::text;
    PERFORM set_config('vitrina.consultas_casilla', casilla, false);
  END IF;
  RETURN casilla::smallint;
END $$;--> statement-breakpoint
-- Migration 0024's counting at the commit, each row in the connection's slot.
CREATE OR REPLACE FUNCTION consultas_contar() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  su_app text := coalesce(NEW.app_id, '');
  su_dia date := (NEW.momento AT TIME ZONE 'UTC')::date;
  su_casilla smallint := consultas_casilla();
BEGIN
  INSERT INTO consultas_por_dia (agencia_id, app_id, operador_responsable, dia, casilla, cantidad)
  VALUES (NEW.agencia_id, su_app, NEW.operador_responsable, su_dia, su_casilla, 1)
  ON CONFLICT (agencia_id, app_id, dia, operador_responsable, casilla) DO UPDATE SET cantidad = consultas_por_dia.cantidad + 1;
  IF NEW.external_id <> '' THEN
    INSERT INTO consultas_por_publicacion (agencia_id, app_id, operador_responsable, dia, external_id, casilla, cantidad)
    VALUES (NEW.agencia_id, su_app, NEW.operador_responsable, su_dia, NEW.external_id, su_casilla, 1),
      (NEW.agencia_id, su_app, '', su_dia, NEW.external_id, su_casilla, 1)
    ON CONFLICT (agencia_id, app_id, operador_responsable, dia, external_id, casilla)
    DO UPDATE SET cantidad = consultas_por_publicacion.cantidad + excluded.cantidad;
    INSERT INTO consultas_por_publicacion_semana (agencia_id, app_id, operador_responsable, semana, external_id, casilla, cantidad)
    VALUES (NEW.agencia_id, su_app, NEW.operador_responsable, date_trunc('week', NEW.momento AT TIME ZONE 'UTC')::date, NEW.external_id, su_casilla, 1),
      (NEW.agencia_id, su_app, '', date_trunc('week', NEW.momento AT TIME ZONE 'UTC')::date, NEW.external_id, su_casilla, 1)
    ON CONFLICT (agencia_id, app_id, operador_responsable, semana, external_id, casilla)
    DO UPDATE SET cantidad = consultas_por_publicacion_semana.cantidad + excluded.cantidad;
  END IF;
  INSERT INTO consultas_revisiones (agencia_id, casilla, revision) VALUES (NEW.agencia_id, su_casilla, 1)
  ON CONFLICT (agencia_id, casilla) DO UPDATE SET revision = consultas_revisiones.revision + 1;
  INSERT INTO consultas_por_hora (agencia_id, app_id, operador_responsable, hora, casilla, cantidad)
  VALUES (NEW.agencia_id, su_app, NEW.operador_responsable, date_trunc('hour', NEW.momento AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', su_casilla, 1)
  ON CONFLICT (agencia_id, app_id, hora, operador_responsable, casilla) DO UPDATE SET cantidad = consultas_por_hora.cantidad + 1;
  RETURN NULL;
END $$;
