import { agenciasOperations } from "./agencias";
import { alertasOperations } from "./alertas";
import { catalogoOperations } from "./catalogo";
import { consultasOperations } from "./consultas";
import { entregaOperations } from "./entregas";
import { getConsultaHistorialOp } from "./historial";
import { getHomeOp, getOpenApiOp } from "./home";
import type { Operation } from "./operation";
import { publicacionesOperations } from "./publicaciones";
import { webhookOperations } from "./webhooks";

/** Every operation of the API, in the order of the reference. Each new endpoint registers here. */
export const operations: Operation[] = [
  getHomeOp,
  getOpenApiOp,
  ...agenciasOperations,
  ...consultasOperations,
  getConsultaHistorialOp,
  ...publicacionesOperations,
  ...webhookOperations,
  ...alertasOperations,
  ...entregaOperations,
  ...catalogoOperations,
];
