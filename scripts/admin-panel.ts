import { type Command, Option } from "commander";

type Printer = (result: unknown) => void;
type Runner = (operation: string, input: Record<string, unknown>, options: { json?: boolean }, print: Printer) => Promise<void>;

/** The password piped to stdin: everything up to the end, without the one newline `echo` adds. */
async function passwordFromStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString("utf8")
    .replace(/\r?\n$/, "");
}

/** `panel user`, `panel users` and `panel workspace`: the dashboard's operator commands (docs/contract.md#operator-cli). */
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
    .addOption(
      new Option(
        "--password <contraseña>",
        "contraseña difícil de adivinar (al menos 8 caracteres; queda a la vista en ps: mejor --password-stdin)",
      ).conflicts("passwordStdin"),
    )
    .option("--password-stdin", 'lee la contraseña de la entrada estándar, p. ej. printf %s "$CLAVE" | npm run admin -- panel user …')
    .option("--name <nombre>", "nombre para mostrar")
    .addOption(jsonOption())
    .action(async (options) => {
      if (!options.password && !options.passwordStdin) {
        process.stderr.write("Error: falta la contraseña: --password-stdin (recomendado) o --password.\n");
        process.exitCode = 1;
        return;
      }
      const password = options.passwordStdin ? await passwordFromStdin() : options.password;
      await run(
        "panel.user",
        {
          workspace: options.workspace,
          email: options.email,
          role: options.role,
          agency: options.agency,
          password,
          name: options.name,
        },
        options,
        (result) => {
          const user = result as { Email: string; Role: string; Workspace: string; Agency: string | null; Created: boolean };
          const agency = user.Agency ? ` · agencia ${user.Agency}` : "";
          console.log(`Usuario ${user.Created ? "creado" : "actualizado"}: ${user.Email} · ${user.Role}${agency} · ${user.Workspace}`);
        },
      );
    });

  panel
    .command("users")
    .description("lista los usuarios del panel de un espacio de trabajo")
    .requiredOption("--workspace <nombre>", "espacio de trabajo")
    .addOption(jsonOption())
    .action((options) =>
      run("panel.users", { workspace: options.workspace }, options, (result) => {
        const users = result as { Email: string; Name: string | null; Role: string; Agency: string | null; Created: string }[];
        if (users.length === 0) console.log("El espacio de trabajo no tiene usuarios.");
        else console.table(users.map(({ Email, Name, Role, Agency, Created }) => ({ Email, Name, Role, Agency, Created })));
      }),
    );
}
