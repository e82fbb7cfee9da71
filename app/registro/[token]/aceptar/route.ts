import { Problem, validationProblem } from "@/lib/api/problem";
import { ConexionSchema, type RegistroEco, RegistroSchema } from "@/lib/api/registro";
import { isJsonContentType } from "@/lib/http/negotiate";
import { PROBLEM_CONTENT_TYPE, problemBody } from "@/lib/http/problem";
import { fieldErrors } from "@/lib/http/validation";
import { findInvitation } from "@/lib/service/agencias/find-invitation";
import { InvitationGone, registerAgencia } from "@/lib/service/agencias/register-agencia";
import { REGISTRO_COOKIE, registroPath } from "@/lib/service/agencias/registro-form";
import { serviceReady } from "@/lib/service/ready";

type Context = { params: Promise<{ token: string }> };

const FORM = "application/x-www-form-urlencoded";

function problem(error: Problem, instance: string): Response {
  return new Response(JSON.stringify(problemBody(error, instance)), {
    status: error.status,
    headers: { "Content-Type": PROBLEM_CONTENT_TYPE },
  });
}

function seeOther(location: string, cookie?: string): Response {
  const headers = new Headers({ Location: location });
  if (cookie) headers.set("Set-Cookie", cookie);
  return new Response(null, { status: 303, headers });
}

function echo(raw: Record<string, unknown>): RegistroEco {
  const text = (name: string) => (typeof raw[name] === "string" ? (raw[name] as string).slice(0, 200) : undefined);
  const compartir = raw.CompartirConsultasCatalogo;
  return {
    Nombre: text("Nombre"),
    AdminNombre: text("AdminNombre"),
    AdminApellido: text("AdminApellido"),
    Telefono: text("Telefono"),
    Region: text("Region"),
    Ciudad: text("Ciudad"),
    CompartirConsultasCatalogo: compartir === true || compartir === "on" || compartir === "true",
  };
}

/**
 * Accepts an invitation (docs/contract.md#registration): an HTML form post (303 to the confirmation page, or back to
 * the form with the messages) or JSON (200, 400 ValidationProblemDetails, 404, 410).
 */
export async function POST(request: Request, context: Context): Promise<Response> {
  await serviceReady();
  const { token } = await context.params;
  const url = new URL(request.url);
  const instance = url.pathname;
  const contentType = request.headers.get("content-type");
  const asForm = contentType?.toLowerCase().split(";")[0]?.trim() === FORM;
  if (!asForm && !isJsonContentType(contentType)) {
    return problem(new Problem(415, "El registro se envía como application/x-www-form-urlencoded o application/json."), instance);
  }
  const text = await request.text();
  let raw: Record<string, unknown>;
  if (asForm) {
    raw = Object.fromEntries(new URLSearchParams(text));
  } else {
    try {
      const parsed = JSON.parse(text);
      raw = parsed !== null && typeof parsed === "object" ? parsed : { _: parsed };
    } catch (error) {
      return problem(validationProblem({ _: [`El cuerpo no es JSON válido: ${(error as Error).message}`] }), instance);
    }
  }
  const formPath = registroPath(token);
  const failed = (error: Problem) =>
    asForm
      ? seeOther(
          formPath,
          `${REGISTRO_COOKIE}=${Buffer.from(JSON.stringify({ errores: error.errors ?? { _: [error.detail] }, valores: echo(raw) })).toString("base64url")}; Path=${formPath}; Max-Age=300; HttpOnly; SameSite=Lax`,
        )
      : problem(error, instance);
  const invitation = await findInvitation(token);
  if (!invitation) return asForm ? seeOther(formPath) : new Response(null, { status: 404 });
  // An agency that already has an account is only attached: the registration fields are not asked.
  const parsed = await (invitation.cuentaExistente ? ConexionSchema : RegistroSchema).safeParseAsync(raw);
  if (!parsed.success) return failed(validationProblem(fieldErrors(parsed.error)));
  try {
    const registered = await registerAgencia(token, parsed.data);
    if (!registered) return asForm ? seeOther(formPath) : new Response(null, { status: 404 });
    if (asForm) return seeOther(`${formPath}/listo`, `${REGISTRO_COOKIE}=; Path=${formPath}; Max-Age=0; HttpOnly; SameSite=Lax`);
    return Response.json({ AdminMail: registered.adminMail, Estado: "registrada" }, { status: 200 });
  } catch (error) {
    if (error instanceof InvitationGone) return asForm ? seeOther(formPath) : problem(error, instance);
    if (error instanceof Problem && error.status === 400) return failed(error);
    throw error;
  }
}
