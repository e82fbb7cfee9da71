import { type Command, Option } from "commander";

type Printer = (result: unknown) => void;
type Runner = (operation: string, input: Record<string, unknown>, options: { json?: boolean }, print: Printer) => Promise<void>;

/** `panel user` and `panel workspace`: the dashboard's operator commands (decisions §10). */
export function registerPanelCommands(program: Command, run: Runner): void {
  const jsonOption = () => new Option("--json", "salida JSON en stdout");
  const panel = program.command("panel").description("panel: espacios de trabajo y usuarios del tablero");

  panel
    .command("workspace")
    .description("crea un espacio de trabajo o actualiza su conexión a la API v3 (el AppSecret se guarda cifrado)")
    .requiredOption("--name <nombre>", "nombre del espacio de trabajo")
    .requiredOption("--api <url>", "URL base de la API v3, p. ej. http://localhost:3000")
    .requiredOption("--app-key <AppKey>", "AppKey de la app con la que firma el panel")
    .requiredOption("--app-secret <AppSecret>", "AppSecret de esa app")
    .addOption(jsonOption())
    .action((options) =>
      run(
        "panel.workspace",
        { name: options.name, api: options.api, appKey: options.appKey, appSecret: options.appSecret },
        options,
        (result) => {
          const workspace = result as { Name: string; Api: string; AppKey: string; Created: boolean };
          console.log(
            `Espacio de trabajo ${workspace.Created ? "creado" : "actualizado"}: ${workspace.Name} · ${workspace.Api} · ${workspace.AppKey}`,
          );
        },
      ),
    );

  panel
    .command("user")
    .description("crea o actualiza (por e-mail) un usuario del panel")
    .requiredOption("--workspace <nombre>", "espacio de trabajo del usuario")
    .requiredOption("--email <email>", "e-mail con el que ingresa (para agencia, su e-mail de operador)")
    .addOption(new Option("--role <rol>", "rol del usuario").choices(["admin", "soporte", "agencia"]).makeOptionMandatory())
    .option("--agency <email>", "con --role agencia: e-mail del administrador de la agencia")
    .requiredOption("--password <contraseña>", "contraseña (al menos 8 caracteres)")
    .option("--name <nombre>", "nombre para mostrar")
    .addOption(jsonOption())
    .action((options) =>
      run(
        "panel.user",
        {
          workspace: options.workspace,
          email: options.email,
          role: options.role,
          agency: options.agency,
          password: options.password,
          name: options.name,
        },
        options,
        (result) => {
          const user = result as { Email: string; Role: string; Workspace: string; Agency: string | null; Created: boolean };
          const agency = user.Agency ? ` · agencia ${user.Agency}` : "";
          console.log(`Usuario ${user.Created ? "creado" : "actualizado"}: ${user.Email} · ${user.Role}${agency} · ${user.Workspace}`);
        },
      ),
    );
}
