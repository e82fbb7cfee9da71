import "server-only";
import { z } from "zod";
import { config } from "@/lib/env";
import { panelOperations } from "@/lib/panel/admin/operations";
import { crearDemoDelPanel } from "@/lib/panel/seed";
import { addOperator } from "@/lib/service/agencias/add-operator";
import { type PlanInput, setPlan } from "@/lib/service/agencias/set-plan";
import { shareCatalogo } from "@/lib/service/agencias/share-catalogo";
import { createApp } from "@/lib/service/apps/create-app";
import { listApps } from "@/lib/service/apps/list-apps";
import { rotateAppSecret } from "@/lib/service/apps/rotate-secret";
import { setAppTopics } from "@/lib/service/apps/set-topics";
import { TOPICS } from "@/lib/service/apps/topics";
import { DEFAULT_DEMO_CONSULTAS, DEMO_AGENCIAS } from "@/lib/service/demo/data";
import { seedDemo } from "@/lib/service/demo/seed-demo";
import { listDevMail } from "@/lib/service/mail/list-mail";

/**
 * The operator's operations. The CLI runs them in its own process, or, when an embedded server owns
 * the data directory, sends them to that server over its admin socket: the same code either way.
 */

export type Progress = (done: number, total: number) => void;

const MAX_DEMO_CONSULTAS = 1_000_000;

const topic = z.enum(TOPICS);
const appKey = z.string().regex(/^[0-9a-f]{32}$/, "AppKey: 32 caracteres hexadecimales en minúscula");
const email = (flag: string) => z.email(`${flag}: se espera un e-mail`).transform((value) => value.toLowerCase());
const day = (flag: string) => z.iso.date(`${flag}: se espera una fecha AAAA-MM-DD`);
const count = (flag: string) =>
  z.coerce.number(`${flag}: se espera un número`).int(`${flag}: entero ≥ 0`).min(0, `${flag}: entero ≥ 0`).optional();

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
      publicaciones: count("--publicaciones"),
      alta: count("--alta"),
      media: count("--media"),
      baja: count("--baja"),
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
  "seed.demo": {
    input: z.object({
      consultas: z.coerce
        .number("--consultas: se espera un número")
        .int("--consultas: se espera un entero")
        .min(0, "--consultas: entero ≥ 0")
        .max(MAX_DEMO_CONSULTAS, `--consultas: hasta ${MAX_DEMO_CONSULTAS.toLocaleString("es-AR")}`)
        .default(DEFAULT_DEMO_CONSULTAS),
    }),
    run: async (input: { consultas: number }, progress: Progress) => {
      const { AppSecret, ...seeded } = await seedDemo(input, progress);
      const [agencia] = DEMO_AGENCIAS;
      const panel = await crearDemoDelPanel({
        apiBaseUrl: config().publicBaseUrl,
        appKey: seeded.AppKey,
        appSecret: AppSecret,
        agencyAdminMail: agencia.adminMail,
        agencyOperatorEmail: agencia.operadores[0].email,
      });
      return {
        ...seeded,
        Panel: { Workspace: panel.workspace, Usuarios: panel.users.map(({ email, role }) => ({ Email: email, Rol: role })) },
      };
    },
  },
  "mail.list": {
    input: z.object({ to: email("--to").optional() }),
    run: (input: { to?: string }) => listDevMail({ to: input.to }),
  },
  ...panelOperations,
} as const;

export type OperationName = keyof typeof definitions;

export class OperationInputError extends Error {}

export function isOperationName(name: string): name is OperationName {
  return name in definitions;
}

export async function runOperation(name: string, rawInput: unknown, progress: Progress = () => {}): Promise<unknown> {
  if (!isOperationName(name)) throw new OperationInputError(`Operación desconocida: ${name}`);
  const definition = definitions[name];
  const parsed = definition.input.safeParse(rawInput);
  if (!parsed.success) {
    throw new OperationInputError(parsed.error.issues.map((issue) => `${issue.path.join(".") || "entrada"}: ${issue.message}`).join("; "));
  }
  return (definition.run as (input: unknown, progress: Progress) => Promise<unknown>)(parsed.data, progress);
}
