import "server-only";
import type { AuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { config } from "@/lib/env";
import { CLIENT_ADDRESS_HEADER, clientAddress } from "@/lib/http/raw-target";
import { logger } from "@/lib/log";
import { codigoDeBloqueo, INGRESO_NO_VERIFICADO } from "./ingreso";
import { verifyPassword } from "./users";

/**
 * next-auth (v4) for the dashboard: e-mail and password, JWT sessions in an HttpOnly, SameSite=Lax
 * cookie (Secure when PUBLIC_BASE_URL is https). The token carries the user id and when the user
 * signed in: every request reads the user again (lib/panel/session.ts), so a changed role, a deleted
 * user or a password set again applies at once.
 */

export const SIGN_IN_PATH = "/ingresar";
const SESSION_HOURS = 12;

const secureCookies = () => config().publicBaseUrl.startsWith("https://");

/** The cookie a session lives in (next-auth v4 prefixes it with __Secure- when its cookies are Secure). */
export function sessionCookie(): { name: string; secure: boolean } {
  const secure = secureCookies();
  return { name: `${secure ? "__Secure-" : ""}next-auth.session-token`, secure };
}

/**
 * The client address of a sign-in, as next-auth hands over the request's headers: the address our
 * HTTP server stamped on the request (lib/http/raw-target.ts, as the rate limits read it): the peer,
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
    session: { strategy: "jwt", maxAge: SESSION_HOURS * 60 * 60 },
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
          let result: Awaited<ReturnType<typeof verifyPassword>>;
          try {
            result = await verifyPassword({ email, password, ip: clientIp(request?.headers) });
          } catch (error) {
            logger().error({ err: error }, "panel: no se pudo verificar el ingreso");
            throw new Error(INGRESO_NO_VERIFICADO);
          }
          if (result.ok) return { id: result.user.id, email: result.user.email, name: result.user.name };
          // A code, not a sentence: the form says it in the user's language (lib/panel/ingreso.ts).
          if (result.reason === "throttled") throw new Error(codigoDeBloqueo(result.retryAfterSeconds));
          return null;
        },
      }),
    ],
    callbacks: {
      // signedInAt: a password set again later ends the session (lib/panel/users.ts, findSessionUser).
      jwt: ({ token, user }) => (user ? { sub: user.id, email: user.email, name: user.name, signedInAt: Date.now() } : token),
      session: ({ session, token }) => ({
        ...session,
        user: { id: token.sub, email: token.email, name: token.name, signedInAt: token.signedInAt },
      }),
    },
  };
}
