-- The list of listings counts its Total from this index alone (issue 32: an agency with 10,000 listings):
-- the list's own index has no estado, so each count read every listing of the app's agency from the table.
CREATE INDEX "publicaciones_lista_estado_idx" ON "publicaciones" USING btree ("agencia_id","app_id","estado");
