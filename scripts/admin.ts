import { Command, Option } from "commander";
import { executeOperation } from "@/lib/admin/execute";
import { ConfigError } from "@/lib/env";
import { TOPICS } from "@/lib/service/apps/topics";
import { progressBar } from "./progress";

const program = new Command()
  .name("npm run admin --")
  .description("CLI de operación de Vitrina. Con un servidor embebido en marcha, opera a través de él.")
  .showHelpAfterError();

const jsonOption = () => new Option("--json", "salida JSON en stdout");
const topicList = (value: string) =>
  value
    .split(",")
    .map((topic) => topic.trim())
    .filter(Boolean);
const collect = (value: string, previous: string[] = []) => [...previous, ...topicList(value)];

type Printer = (result: unknown) => void;

async function run(operation: string, input: Record<string, unknown>, options: { json?: boolean }, print: Printer) {
  const bar = options.json ? undefined : progressBar();
  try {
    const result = await executeOperation(operation, input, (done, total) => bar?.update(done, total));
    bar?.stop();
    if (options.json) process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    else print(result);
  } catch (error) {
    bar?.stop();
    const message = error instanceof ConfigError ? error.message : `Error: ${(error as Error).message}`;
    process.stderr.write(`${message}\n`);
    process.exitCode = 1;
  }
}

const app = program.command("app").description("apps asociadas: credenciales y tópicos");

app
  .command("create")
  .description("crea una app e imprime AppId, AppKey y AppSecret (el secreto se muestra una sola vez)")
  .requiredOption("--name <nombre>", "nombre de la app")
  .option("--topics <lista>", `tópicos habilitados, separados por coma (${TOPICS.join(",")})`, topicList)
  .option("--contact <email>", "e-mail de contacto técnico de la app")
  .addOption(jsonOption())
  .action((options) =>
    run("app.create", { name: options.name, topics: options.topics, contact: options.contact }, options, (result) => {
      const { AppId, AppKey, AppSecret } = result as Record<string, string>;
      console.log(`App creada.\n  AppId:     ${AppId}\n  AppKey:    ${AppKey}\n  AppSecret: ${AppSecret}`);
      console.log("Guardá el AppSecret ahora: no se vuelve a mostrar.");
    }),
  );

app
  .command("list")
  .description("lista las apps")
  .addOption(jsonOption())
  .action((options) => run("app.list", {}, options, (result) => console.table(result)));

app
  .command("topics")
  .description("habilita o deshabilita tópicos de una app")
  .requiredOption("--app <AppKey>", "AppKey de la app")
  .option("--enable <tópico>", "tópico a habilitar (repetible o separado por coma)", collect)
  .option("--disable <tópico>", "tópico a deshabilitar (repetible o separado por coma)", collect)
  .addOption(jsonOption())
  .action((options) =>
    run("app.topics", { app: options.app, enable: options.enable, disable: options.disable }, options, (result) => {
      const { AppKey, Topics } = result as { AppKey: string; Topics: string[] };
      console.log(`Tópicos de ${AppKey}: ${Topics.join(", ") || "(ninguno)"}`);
    }),
  );

app
  .command("rotate-secret")
  .description("emite un AppSecret nuevo; el anterior sigue valiendo hasta la próxima rotación")
  .requiredOption("--app <AppKey>", "AppKey de la app")
  .addOption(jsonOption())
  .action((options) =>
    run("app.rotate-secret", { app: options.app }, options, (result) => {
      const { AppKey, AppSecret } = result as Record<string, string>;
      console.log(`Secreto nuevo para ${AppKey}:\n  AppSecret: ${AppSecret}`);
      console.log("El secreto anterior sigue valiendo hasta la próxima rotación. Guardá este ahora: no se vuelve a mostrar.");
    }),
  );

await program.parseAsync(process.argv);
