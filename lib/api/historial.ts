import { z } from "zod";
import { dateTimeOut, emailOut, linksSchema } from "./common";
import { ConsultaParams } from "./consultas";
import { EstadoEntregaSchema } from "./entregas";
import { defineOperation } from "./operation";

// ── An enquiry's history (extension, docs/contract.md#history, decision 0108) ─────────────────────

export const EventoConsultaSchema = z
  .object({
    Tipo: z.enum(["recibida", "atendida", "desatendida", "reenviada"]).meta({
      description:
        "recibida: llegó del marketplace; atendida y desatendida: la app cambió su marca (Por); reenviada: la app reenvió su webhook (Notificacion).",
    }),
    Momento: dateTimeOut(),
    Por: emailOut().nullable().meta({ description: "Quién cambió la marca; null en los demás eventos." }),
    Notificacion: z.string().nullable().meta({ description: "El Id de la notificación del reenvío; null en los demás eventos." }),
  })
  .meta({ id: "EventoConsulta" });

export const NotificacionDeConsultaSchema = z
  .object({
    Id: z.string().meta({ description: "El Id de la notificación (Notification-Hook-ID)." }),
    Reenvio: z.boolean(),
    Creada: dateTimeOut(),
    Estado: EstadoEntregaSchema,
    Entregada: dateTimeOut().nullable(),
    Intentos: z.number().int(),
    UltimoIntento: z
      .object({ Momento: dateTimeOut(), HttpStatus: z.number().int(), Error: z.string().nullable() })
      .nullable()
      .meta({ description: "El intento más reciente; null si aún no hubo ninguno." }),
    _links: linksSchema("NotificacionDeConsultaLinks").meta({ description: "self: la notificación en el registro de entregas." }),
  })
  .meta({ id: "NotificacionDeConsulta" });

export const HistorialConsultaSchema = z
  .object({
    Sid: z.string(),
    Eventos: z.array(EventoConsultaSchema).meta({ description: "Del más antiguo al más reciente; el primero es recibida." }),
    Notificaciones: z.array(NotificacionDeConsultaSchema).meta({
      description:
        "Las notificaciones consultas de la app sobre esta consulta que el registro de entregas conserva, de la más antigua a la más reciente.",
    }),
    _links: linksSchema("HistorialConsultaLinks", ["consulta", "entregas"]),
  })
  .meta({ id: "HistorialConsulta", description: "Extensión: lo que pasó con una consulta, para la app que la ve." });

export type HistorialConsulta = z.output<typeof HistorialConsultaSchema>;

export const getConsultaHistorialOp = defineOperation({
  tag: "Consultas",
  method: "GET",
  path: "/v3/consultas/{adminMail}/{sid}/historial",
  operationId: "getConsultaHistorial",
  summary: "Historial de una consulta (extensión)",
  description:
    "Cuándo llegó, cada cambio de la marca de atendida de la app (quién y cuándo), cada reenvío de su webhook y cada notificación consultas de la app sobre ella con su estado de entrega. Otra app no ve nada de esto.",
  params: ConsultaParams,
  success: { status: 200, description: "Historial", entry: HistorialConsultaSchema },
  errors: { 400: "adminMail o sid no son válidos; ValidationProblemDetails.", 404: "La agencia o la consulta no existen para la app." },
});
