import "server-only";
import { config } from "@/lib/env";

/**
 * The time zone the Panel shows times in and counts days in (the inbox's `desde`/`hasta`, "today"):
 * PANEL_TIME_ZONE, which defaults to the service's SERVICE_TIME_ZONE (decisions 0026).
 */
export function zonaHorariaDelPanel(): string {
  return config().panelTimeZone;
}
