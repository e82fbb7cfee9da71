import { Command, Option } from "commander";
import { executeOperation } from "@/lib/admin/execute";
import { ConfigError } from "@/lib/env";
import { TOPICS } from "@/lib/service/apps/topics";
import { DEFAULT_DEMO_CONSULTAS } from "@/lib/service/demo/data";
import { registerPanelCommands } from "./admin-panel";
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

const agency = program.command("agency").description("agencias: paquete, operadores y consultas de catálogo");

agency
  .command("plan")
  .description("fija el paquete de publicaciones de la agencia (AgenciaProductos)")
  .requiredOption("--admin <email>", "e-mail del administrador de la agencia")
  .requiredOption("--plan <nombre>", 'nombre del plan, p. ej. "Concesionaria Plus"')
  .requiredOption("--estado <estado>", "activo, suspendido, vencido o sin-plan")
  .option("--desde <AAAA-MM-DD>", "vigente desde")
  .option("--hasta <AAAA-MM-DD>", "vigente hasta")
  .option("--publicaciones <N>", "publicaciones activas contratadas")
  .option("--alta <N>", "lugares de exposición Alta contratados")
  .option("--media <N>", "lugares de exposición Media contratados")
  .option("--baja <N>", "lugares de exposición Baja contratados")
  .addOption(jsonOption())
  .action((options) =>
    run(
      "agency.plan",
      {
        admin: options.admin,
        plan: options.plan,
        estado: options.estado,
        desde: options.desde,
        hasta: options.hasta,
        publicaciones: options.publicaciones,
        alta: options.alta,
        media: options.media,
        baja: options.baja,
      },
      options,
      (result) => {
        const plan = result as Record<string, unknown> & {
          Exposiciones: Record<string, number>;
          Suspendidas: number;
          CambiadasDeNivel: number;
        };
        const niveles = Object.entries(plan.Exposiciones)
          .map(([nivel, lugares]) => `${nivel} ${lugares}`)
          .join(", ");
        console.log(
          `Paquete de ${plan.AdminMail}: ${plan.Plan ?? "(sin plan)"} · ${plan.Estado} · ${plan.Publicaciones} publicaciones (${niveles})`,
        );
        if (plan.Suspendidas > 0) console.log(`${plan.Suspendidas} publicaciones activas no entraban en el paquete: quedaron suspendidas.`);
        if (plan.CambiadasDeNivel > 0) console.log(`${plan.CambiadasDeNivel} publicaciones pasaron a otro nivel de exposición.`);
      },
    ),
  );

agency
  .command("operator")
  .description("agrega un colaborador (operador) a la agencia")
  .requiredOption("--admin <email>", "e-mail del administrador de la agencia")
  .requiredOption("--email <email>", "e-mail del operador")
  .requiredOption("--nombre <nombre>", "nombre del operador")
  .requiredOption("--apellido <apellido>", "apellido del operador")
  .addOption(jsonOption())
  .action((options) =>
    run(
      "agency.operator",
      { admin: options.admin, email: options.email, nombre: options.nombre, apellido: options.apellido },
      options,
      (result) => {
        const operador = result as Record<string, string>;
        console.log(`Operador ${operador.Email} (${operador.Nombre} ${operador.Apellido}) agregado a ${operador.AdminMail}.`);
      },
    ),
  );

agency
  .command("share-catalogo")
  .description("habilita o deshabilita las consultas de catálogo de la agencia para una app")
  .requiredOption("--admin <email>", "e-mail del administrador de la agencia")
  .requiredOption("--app <AppKey>", "AppKey de la app")
  .option("--on", "compartir las consultas de catálogo")
  .option("--off", "dejar de compartirlas")
  .addOption(jsonOption())
  .action((options) => {
    if (Boolean(options.on) === Boolean(options.off)) {
      process.stderr.write("Error: indicá --on o --off (uno de los dos).\n");
      process.exitCode = 1;
      return;
    }
    return run("agency.share-catalogo", { admin: options.admin, app: options.app, on: Boolean(options.on) }, options, (result) => {
      const share = result as { AdminMail: string; AppKey: string; CompartirConsultasCatalogo: boolean };
      console.log(`Consultas de catálogo de ${share.AdminMail} para ${share.AppKey}: ${share.CompartirConsultasCatalogo ? "sí" : "no"}.`);
    });
  });

program
  .command("seed")
  .description("datos de demostración")
  .command("demo")
  .description(
    "app de demostración, tres agencias registradas con operadores, paquetes y publicaciones, y N consultas de los últimos 120 días",
  )
  .option("--consultas <N>", `consultas a agregar (hasta 1.000.000; por omisión ${DEFAULT_DEMO_CONSULTAS.toLocaleString("es-AR")})`)
  .addOption(jsonOption())
  .action((options) => {
    const started = performance.now();
    return run("seed.demo", { consultas: options.consultas }, options, (result) => {
      const seeded = result as {
        AppKey: string;
        Agencias: string[];
        Consultas: number;
        Panel: { Workspace: string; Usuarios: { Email: string; Rol: string }[] };
      };
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(`Demo lista en ${seconds} s: ${seeded.Consultas.toLocaleString("es-AR")} consultas nuevas.`);
      console.log(`  App de demostración: ${seeded.AppKey}`);
      console.log(`  Agencias: ${seeded.Agencias.join(", ")}`);
      console.log(
        `  Panel: espacio "${seeded.Panel.Workspace}" con ${seeded.Panel.Usuarios.map((usuario) => `${usuario.Email} (${usuario.Rol})`).join(", ")}`,
      );
    });
  });

program
  .command("mail")
  .description("e-mail")
  .command("list")
  .description("lista el buzón de desarrollo (los e-mails cuando no hay SMTP_URL)")
  .option("--to <email>", "solo los de este destinatario")
  .addOption(jsonOption())
  .action((options) =>
    run("mail.list", { to: options.to }, options, (result) => {
      const mensajes = result as { Recibido: string; Para: string; Asunto: string; Texto: string }[];
      if (mensajes.length === 0) console.log("El buzón está vacío.");
      for (const mensaje of mensajes) console.log(`── ${mensaje.Recibido} · ${mensaje.Para}\n   ${mensaje.Asunto}\n\n${mensaje.Texto}\n`);
    }),
  );

registerPanelCommands(program, run);

await program.parseAsync(process.argv);
