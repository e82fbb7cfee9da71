import "server-only";
import { z } from "zod";
import { PANEL_ROLES } from "@/lib/db/schema-panel";
import { listarMiembros } from "../equipo/miembros";
import { guardarUsuario, MIN_PASSWORD_LENGTH, type Role } from "../users";
import { buscarEspacioPorNombre, guardarEspacio } from "../workspaces";

/**
 * The dashboard's operator operations, in the shape of the `definitions` of lib/admin/operations.ts
 * (the lead spreads this object into them): `panel user`, `panel users` and `panel workspace`.
 */

const email = (flag: string) =>
  z
    .string(`${flag} es obligatorio`)
    .trim()
    .pipe(z.email(`${flag}: se espera un e-mail`))
    .transform((value) => value.toLowerCase());
const text = (flag: string, max = 200) => z.string(`${flag} es obligatorio`).trim().min(1, `${flag} es obligatorio`).max(max);

const userInput = z
  .object({
    workspace: text("--workspace", 100),
    email: email("--email"),
    role: z.enum(PANEL_ROLES, "--role: admin, soporte o agencia"),
    agency: email("--agency").optional(),
    password: z
      .string("--password es obligatorio")
      .min(MIN_PASSWORD_LENGTH, `--password: al menos ${MIN_PASSWORD_LENGTH} caracteres`)
      .max(200, "--password: hasta 200 caracteres"),
    name: z.string().trim().max(100).optional(),
  })
  .superRefine((input, context) => {
    if (input.role === "agencia" && !input.agency) {
      context.addIssue({
        code: "custom",
        path: ["agency"],
        message: "--agency es obligatorio con --role agencia (e-mail del administrador de la agencia)",
      });
    }
    if (input.role !== "agencia" && input.agency) {
      context.addIssue({ code: "custom", path: ["agency"], message: "--agency solo corresponde a --role agencia" });
    }
  });

type UserInput = { workspace: string; email: string; role: Role; agency?: string; password: string; name?: string };

const workspaceInput = z.object({
  name: text("--name", 100),
  api: z
    .string("--api es obligatorio")
    .trim()
    .pipe(z.url({ protocol: /^https?$/, error: "--api: se espera una URL http(s), p. ej. http://localhost:3000" })),
  appKey: text("--app-key", 100),
  appSecret: text("--app-secret", 500),
});

type WorkspaceInput = { name: string; api: string; appKey: string; appSecret: string };

export const panelOperations = {
  "panel.users": {
    input: z.object({ workspace: text("--workspace", 100) }),
    run: async (input: { workspace: string }) => {
      const workspace = await buscarEspacioPorNombre(input.workspace);
      if (!workspace) throw new Error(`No existe el espacio de trabajo "${input.workspace}".`);
      const miembros = await listarMiembros(workspace.id);
      return miembros.map((miembro) => ({
        Id: miembro.id,
        Email: miembro.email,
        Name: miembro.name,
        Role: miembro.role,
        Agency: miembro.agencyAdminMail,
        Created: miembro.createdAt.toISOString(),
      }));
    },
  },
  "panel.user": {
    input: userInput,
    run: async (input: UserInput) => {
      const user = await guardarUsuario({
        workspace: input.workspace,
        email: input.email,
        role: input.role,
        agencyAdminMail: input.agency ?? null,
        password: input.password,
        name: input.name ?? null,
      });
      return {
        Id: user.id,
        Workspace: user.workspace.name,
        Email: user.email,
        Name: user.name,
        Role: user.role,
        Agency: user.agencyAdminMail,
        Created: user.created,
      };
    },
  },
  "panel.workspace": {
    input: workspaceInput,
    run: async (input: WorkspaceInput) => {
      const workspace = await guardarEspacio({
        name: input.name,
        apiBaseUrl: input.api,
        appKey: input.appKey,
        appSecret: input.appSecret,
      });
      return { Id: workspace.id, Name: workspace.name, Api: workspace.apiBaseUrl, AppKey: workspace.appKey, Created: workspace.created };
    },
  },
} as const;
