import "server-only";
import { z } from "zod";
import { addOperator } from "@/lib/service/agencias/add-operator";
import { type PlanInput, setPlan } from "@/lib/service/agencias/set-plan";
import { shareCatalogo } from "@/lib/service/agencias/share-catalogo";
import { createApp } from "@/lib/service/apps/create-app";
import { listApps } from "@/lib/service/apps/list-apps";
import { rotateAppSecret } from "@/lib/service/apps/rotate-secret";
import { setAppTopics } from "@/lib/service/apps/set-topics";
import { TOPICS } from "@/lib/service/apps/topics";
import { listDevMail } from "@/lib/service/mail/list-mail";

/**
 * The operator's operations. The CLI runs them in its own process, or, when an embedded server owns
 * the data directory, sends them to that server over its admin socket: the same code either way.
 */

export type Progress = (done: number, total: number) => void;

const topic = z.enum(TOPICS);
const appKey = z.string().regex(/^[0-9a-f]{32}$/, "AppKey: 32 caracteres hexadecimales en minúscula");
const email = (flag: string) => z.email(`${flag}: se espera un e-mail`).transform((value) => value.toLowerCase());
const day = (flag: string) => z.iso.date(`${flag}: se espera una fecha AAAA-MM-DD`);

const definitions = {
  "app.create": {
    input: z.object({
      name: z.string().trim().min(1, "--name es obligatorio").max(100),
      topics: z.array(topic).default([...TOPICS]),
      contact: z.email().optional(),
    }),
    run: (input: { name: string; topics: (typeof TOPICS)[number][]; contact?: string }) =>
      createApp({ name: input.name, topics: input.topics, contactEmail: input.contact }),
  },
  "app.list": { input: z.object({}), run: () => listApps() },
  "app.topics": {
    input: z.object({ app: appKey, enable: z.array(topic).default([]), disable: z.array(topic).default([]) }),
    run: async (input: { app: string; enable: (typeof TOPICS)[number][]; disable: (typeof TOPICS)[number][] }) => ({
      AppKey: input.app,
      Topics: await setAppTopics({ appKey: input.app, enable: input.enable, disable: input.disable }),
    }),
  },
  "app.rotate-secret": { input: z.object({ app: appKey }), run: (input: { app: string }) => rotateAppSecret(input.app) },
  "agency.plan": {
    input: z.object({
      admin: email("--admin"),
      plan: z.string().trim().min(1, "--plan es obligatorio").max(100),
      estado: z.enum(["activo", "suspendido", "vencido", "sin-plan"], "--estado: activo, suspendido, vencido o sin-plan"),
      desde: day("--desde").optional(),
      hasta: day("--hasta").optional(),
      publicaciones: z.coerce.number().int().min(0, "--publicaciones: entero ≥ 0").optional(),
    }),
    run: (input: PlanInput) => setPlan(input),
  },
  "agency.operator": {
    input: z.object({
      admin: email("--admin"),
      email: email("--email"),
      nombre: z.string().trim().min(1, "--nombre es obligatorio").max(100),
      apellido: z.string().trim().min(1, "--apellido es obligatorio").max(100),
    }),
    run: (input: { admin: string; email: string; nombre: string; apellido: string }) => addOperator(input),
  },
  "agency.share-catalogo": {
    input: z.object({ admin: email("--admin"), app: appKey, on: z.boolean() }),
    run: (input: { admin: string; app: string; on: boolean }) => shareCatalogo(input),
  },
  "mail.list": {
    input: z.object({ to: email("--to").optional() }),
    run: (input: { to?: string }) => listDevMail({ to: input.to }),
  },
} as const;

export type OperationName = keyof typeof definitions;

export class OperationInputError extends Error {}

export function isOperationName(name: string): name is OperationName {
  return name in definitions;
}

export async function runOperation(name: string, rawInput: unknown, _progress: Progress = () => {}): Promise<unknown> {
  if (!isOperationName(name)) throw new OperationInputError(`Operación desconocida: ${name}`);
  const definition = definitions[name];
  const parsed = definition.input.safeParse(rawInput);
  if (!parsed.success) {
    throw new OperationInputError(parsed.error.issues.map((issue) => `${issue.path.join(".") || "entrada"}: ${issue.message}`).join("; "));
  }
  return (definition.run as (input: unknown) => Promise<unknown>)(parsed.data);
}
