import { type NextRequest, NextResponse } from "next/server";
import { findInvitation } from "@/lib/service/agencias/find-invitation";

/**
 * The registration page of a used or expired invitation answers 410 (decisions §7). A page cannot
 * choose its status, so the proxy looks the token up and sets it; the page renders the message.
 */
export async function proxy(request: NextRequest) {
  if (request.method !== "GET" && request.method !== "HEAD") return NextResponse.next();
  const token = decodeURIComponent(request.nextUrl.pathname.split("/")[2] ?? "");
  const invitation = await findInvitation(token);
  return invitation && invitation.estado !== "valida" ? NextResponse.next({ status: 410 }) : NextResponse.next();
}

export const config = { matcher: "/registro/:token" };
