/** The body of a notification in the documented member order (jsonb does not keep it). */
export function notificationBody(payload: Record<string, unknown>): string {
  const { Id, Topic, Evento, Momento, Reenvio, Datos, ...rest } = payload;
  return JSON.stringify({ Id, Topic, Evento, Momento, Reenvio, Datos, ...rest });
}
