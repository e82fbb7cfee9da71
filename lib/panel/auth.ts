import "server-only";
import type { NextRequest } from "next/server";
import type { AuthOptions } from "next-auth";
import { getToken, type JWT } from "next-auth/jwt";
import CredentialsProvider from "next-auth/providers/credentials";
import { config } from "@/lib/env";
import { logger } from "@/lib/log";
import { metrics } from "@/lib/metrics";
import { CLIENT_ADDRESS_HEADER, clientAddress } from "@/lib/raw-target";
import { codigoDeBloqueo, INGRESO_NO_VERIFICADO } from "./ingreso";
import { buscarUsuarioDeSesion, cerrarSesiones, SESSION_LIFETIME_MS, verificarContrasena } from "./users";

/**
 * next-auth (v4) for the dashboard: e-mail and password, JWT sessions in an HttpOnly, SameSite=Lax
 * cookie (Secure when PUBLIC_BASE_URL is https). The token carries the user id and when the user
 * signed in: every request reads the user again (lib/panel/session.ts), so a changed role, a deleted
 * user, a password set again or a sign-out applies at once, and no session outlives 12 hours from
 * its sign-in (docs/decisions/0029).
 */

export const SIGN_IN_PATH = "/ingresar";

const secureCookies = () => config().publicBaseUrl.startsWith("https://");

/** The cookie a session lives in (next-auth v4 prefixes it with __Secure- when its cookies are Secure). */
export function sessionCookie(): { name: string; secure: boolean } {
  const secure = secureCookies();
  return { name: `${secure ? "__Secure-" : ""}next-auth.session-token`, secure };
}

/**
 * The client address of a sign-in, as next-auth hands over the request's headers: the address our
 * HTTP server stamped on the request (lib/raw-target.ts, as the rate limits read it): the peer,
 * or behind a trusted proxy the client it names (lib/client-address.ts); never an
 * X-Forwarded-For header the server did not believe.
 */
export function clientIp(headers: Record<string, string | string[] | undefined> | undefined): string | undefined {
  const stamp = headers?.[CLIENT_ADDRESS_HEADER];
  if (typeof stamp !== "string") return undefined;
  return clientAddress(new Headers({ [CLIENT_ADDRESS_HEADER]: stamp })) || undefined;
}

export function panelAuthOptions(): AuthOptions {
  const settings = config();
  // next-auth v4 builds its absolute URLs (redirects, callback checks) from NEXTAUTH_URL.
  process.env.NEXTAUTH_URL ??= settings.publicBaseUrl;
  return {
    secret: settings.authSecret,
    useSecureCookies: secureCookies(),
    session: { strategy: "jwt", maxAge: SESSION_LIFETIME_MS / 1000 },
    pages: { signIn: SIGN_IN_PATH, error: SIGN_IN_PATH },
    providers: [
      CredentialsProvider({
        id: "credentials",
        name: "E-mail y contraseña",
        credentials: { email: { label: "E-mail", type: "email" }, password: { label: "Contraseña", type: "password" } },
        async authorize(credentials, request) {
          const email = credentials?.email ?? "";
          const password = credentials?.password ?? "";
          if (!email || !password) return null;
          let result: Awaited<ReturnType<typeof verificarContrasena>>;
          try {
            result = await verificarContrasena({ email, password, ip: clientIp(request?.headers) });
          } catch (error) {
            logger().error({ err: error }, "panel: no se pudo verificar el ingreso");
            throw new Error(INGRESO_NO_VERIFICADO);
          }
          if (result.ok) return { id: result.user.id, email: result.user.email, name: result.user.name };
          metrics().signInFailures.inc({ reason: result.reason === "throttled" ? "throttled" : "credentials" });
          // A code, not a sentence: the form says it in the user's language (lib/panel/ingreso.ts).
          if (result.reason === "throttled") throw new Error(codigoDeBloqueo(result.retryAfterSeconds));
          return null;
        },
      }),
    ],
    callbacks: {
      // signedInAt: the session's lifetime counts from it, and a later password or sign-out ends it.
      jwt: async ({ token, user }) => {
        if (user) return { sub: user.id, email: user.email, name: user.name, signedInAt: Date.now() };
        // Read or renewed (/api/auth/session): only while it lasts; otherwise next-auth clears the cookie.
        if (!(await sesionSigue(token))) throw new Error(SESSION_OVER);
        return token;
      },
      session: ({ session, token }) => ({
        ...session,
        expires: new Date(Math.min(Date.parse(session.expires), Number(token.signedInAt) + SESSION_LIFETIME_MS)).toISOString(),
        user: { id: token.sub, email: token.email, name: token.name, signedInAt: token.signedInAt },
      }),
    },
    events: {
      // next-auth's own sign-out (/api/auth/signout) ends the session on the server too.
      signOut: ({ token }) => cerrarSesionDe(token),
    },
    // A session that is over is an answer, not an error: next-auth would log each one with its stack.
    logger: {
      error: (code, metadata) => {
        if (metadata instanceof Error && metadata.message === SESSION_OVER) return;
        logger().error({ err: metadata instanceof Error ? metadata : (metadata as { error?: unknown })?.error }, `next-auth: ${code}`);
      },
    },
  };
}

const SESSION_OVER = "SesionTerminada";

const sesionSigue = async (token: JWT) =>
  typeof token.sub === "string" && (await buscarUsuarioDeSesion(token.sub, Number(token.signedInAt ?? 0))) !== undefined;

async function cerrarSesionDe(token: JWT | null | undefined): Promise<void> {
  if (typeof token?.sub === "string") await cerrarSesiones(token.sub);
}

/** Signing out (the Panel's Salir): the session's user has every session ended on the server. */
export async function cerrarSesion(request: NextRequest): Promise<void> {
  const { secure } = sessionCookie();
  await cerrarSesionDe(await getToken({ req: request, secret: config().authSecret, secureCookie: secure }));
}
