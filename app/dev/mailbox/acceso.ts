import "server-only";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { config } from "@/lib/env";
import { leerUsuarioActual } from "@/lib/panel/session";
import { isLoopbackRequest } from "@/lib/raw-target";

/**
 * The dev mailbox holds every invitation link (decisions 0028): it exists only while mail is kept in
 * the embedded database (no DATABASE_URL, no SMTP_URL), and answers only to a request straight from
 * this machine or to a signed-in Panel admin. Anyone else gets the 404 of a page that is not there.
 */
export async function exigirAccesoAlBuzon(): Promise<void> {
  if (!config().devMailbox) notFound();
  if (isLoopbackRequest(await headers())) return;
  const user = await leerUsuarioActual();
  if (user?.role !== "admin") notFound();
}
