import type { operations, Schemas } from "@vitrina/sdk";

/**
 * What the Panel reads from and sends to the v3 API, named as the OpenAPI document names it: the
 * types of @vitrina/sdk (generated from the document), so a field the API renames breaks the Panel's
 * build. No runtime code: client components import these types too.
 */

/** An operation of the v3 API by its operationId: the v3 client's methods are named so. */
export type OperationId = keyof operations;
/** An operation's query parameters, as the SDK types them. */
export type ParametrosDe<Op extends OperationId> = NonNullable<operations[Op]["parameters"]["query"]>;
/** An operation's JSON body, as the SDK types it. */
export type CuerpoDe<Op extends OperationId> = operations[Op] extends { requestBody: { content: { "application/json": infer B } } }
  ? B
  : never;

export type Agencia = Schemas["Agencia"];
export type Agencias = Schemas["Agencias"];
export type AgenciaProductos = Schemas["AgenciaProductos"];
export type EstadoAgencia = Agencia["Estado"];
export type AgenciaInvitacion = Schemas["AgenciaCreate"];
export type AgenciaCambios = Schemas["AgenciaEdit"];

export type Consulta = Schemas["Consulta"];
export type Consultas = Schemas["Consultas"];
export type ConsultaDeAgencia = Schemas["ConsultaDeAgencia"];
export type Resumen = Schemas["Resumen"];
export type HistorialConsulta = Schemas["HistorialConsulta"];

export type Publicacion = Schemas["Publicacion"];
export type Publicaciones = Schemas["Publicaciones"];
export type PublicacionCambios = Schemas["PublicacionEdit"];
export type Exposicion = NonNullable<Publicacion["Exposicion"]>;
export type CambioPublicacion = Schemas["CambioPublicacion"];
export type CambiosPublicacion = Schemas["CambiosPublicacion"];

export type Topic = Schemas["Topic"];
/** Its Secret is always null (the API never sends it back): left out, as the SDK reads an answer. */
export type AppWebhook = Omit<Schemas["AppWebhook"], "Secret">;
export type AppWebhooks = Schemas["AppWebhooks"];
export type WebhookCambios = Schemas["AppWebhookUpsert"];
export type Entrega = Schemas["Entrega"];
export type Entregas = Schemas["Entregas"];
export type EstadoEntrega = Schemas["EstadoEntrega"];
export type Notificacion = Schemas["Notificacion"];

export type EntryPoints = Schemas["EntryPoints"];
export type Regiones = Schemas["Regiones"];
export type Ciudad = Schemas["Ciudad"];

export type SuscripcionAlertas = Schemas["SuscripcionAlertas"];
