import "server-only";
import { headers } from "next/headers";
import { forbidden, redirect } from "next/navigation";
import { getServerSession } from "next-auth";
import { cache } from "react";
import { rawTarget } from "@/lib/raw-target";
import { safeNext } from "./areas";
import { panelAuthOptions, SIGN_IN_PATH } from "./auth";
import { buscarUsuarioDeSesion, type PanelUser, type Role } from "./users";

export type { Role } from "./users";

/** The signed-in user. An `agencia` user is bound to one agency and sees it as its operator. */
export type CurrentUser = PanelUser & { agency: { adminMail: string; operatorEmail: string } | null };

/** The signed-in user, read again from the database on every request; null when signed out or the session is over. */
export const leerUsuarioActual = cache(async (): Promise<CurrentUser | null> => {
  const session = await getServerSession(panelAuthOptions());
  const { id, signedInAt } = (session?.user ?? {}) as { id?: string; signedInAt?: number };
  if (!id) return null;
  // A session from before signedInAt was kept counts from the epoch: long over.
  const user = await buscarUsuarioDeSesion(id, signedInAt ?? 0);
  if (!user) return null;
  const agency = user.role === "agencia" && user.agencyAdminMail ? { adminMail: user.agencyAdminMail, operatorEmail: user.email } : null;
  return { ...user, agency };
});

/** The dashboard path of this request, as the browser asked for it (without Next's _rsc marker). */
async function requestedPath(): Promise<string | undefined> {
  const target = rawTarget(await headers());
  if (!target) return undefined;
  const url = new URL(target, "http://panel.invalid");
  url.searchParams.delete("_rsc");
  return url.pathname + url.search;
}

/** Refuses with 403 and the panel's forbidden page (next.config.ts enables authInterrupts). */
export function negarAcceso(): never {
  forbidden();
}

export function tieneRol(user: Pick<PanelUser, "role">, roles: readonly Role[] | undefined): boolean {
  return !roles || roles.includes(user.role);
}

/**
 * For server components, server actions and route handlers of the dashboard: signed out → redirect
 * to /ingresar?next=<this page>; signed in with another role → 403.
 */
export async function exigirUsuario(options: { roles?: readonly Role[]; next?: string } = {}): Promise<CurrentUser> {
  const user = await leerUsuarioActual();
  if (!user) {
    const next = safeNext(options.next ?? (await requestedPath()));
    redirect(`${SIGN_IN_PATH}?next=${encodeURIComponent(next)}`);
  }
  if (!tieneRol(user, options.roles)) negarAcceso();
  return user;
}
