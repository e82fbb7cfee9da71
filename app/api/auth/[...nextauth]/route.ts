import type { NextRequest } from "next/server";
import NextAuth from "next-auth";
import { clientOf, consume } from "@/lib/http/rate-limit";
import { errorResponse, instanceOf, requestIdOf } from "@/lib/http/request";
import { panelAuthOptions } from "@/lib/panel/auth";

type Context = { params: Promise<{ nextauth: string[] }> };

/** next-auth's endpoints (csrf, session, sign-in with credentials, sign-out) for the dashboard. */
function handler(request: NextRequest, context: Context): Promise<Response> {
  return NextAuth(request, context, panelAuthOptions());
}

/** Sign-in attempts are rate-limited per client address (429 ProblemDetails with Retry-After). */
async function post(request: NextRequest, context: Context): Promise<Response> {
  const { nextauth } = await context.params;
  if (nextauth.join("/") === "callback/credentials") {
    try {
      consume("ingreso", clientOf(request));
    } catch (error) {
      return errorResponse(error, instanceOf(request), requestIdOf(request));
    }
  }
  return handler(request, context);
}

export { handler as GET, post as POST };
