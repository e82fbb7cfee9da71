import { connect } from "node:net";
import { networkInterfaces } from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signRequest } from "@/lib/http/signing";
import { server } from "../support/client";
import { unique } from "../support/consultas";
import { ENCABEZADOS_DE_PROXY } from "../support/encabezados-de-proxy";
import { adminCli, createPanelUser, createPanelWorkspace, signInPanel } from "../support/panel";
import { startTestServer } from "../support/test-server";

/**
 * Issue 17, item 4 (docs/decisions/0028): `npm start` listens on loopback unless HOST opens it, and
 * the dev mailbox (every invitation link) answers only to this machine or to a signed-in Panel admin.
 */

/** An IPv4 address of this machine that is not loopback: how another machine on the network reaches it. */
function networkAddress(): string {
  const address = Object.values(networkInterfaces())
    .flat()
    .find((entry) => entry?.family === "IPv4" && !entry.internal)?.address;
  if (!address) throw new Error("Este equipo no tiene una dirección IPv4 fuera de loopback para probar desde la red");
  return address;
}

/** Whether a TCP connection to address:port is accepted. */
function accepts(address: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: address, port, timeout: 3000 });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
  });
}

describe("npm start's address", () => {
  it("listens on loopback only when HOST is not set", async () => {
    const port = Number(new URL(server().baseUrl).port);
    expect(await accepts("127.0.0.1", port)).toBe(true);
    expect(await accepts(networkAddress(), port)).toBe(false);
  });
});

describe("the dev mailbox of a server opened to the network (HOST=0.0.0.0)", () => {
  let service: Awaited<ReturnType<typeof startTestServer>>;
  let local: string;
  let fromNetwork: string;
  let message: string;
  const admin = { email: unique("buzon-admin"), password: "clave-del-admin-01" };
  const soporte = { email: unique("buzon-soporte"), password: "clave-de-soporte-01" };

  beforeAll(async () => {
    service = await startTestServer({ embedded: true, env: { HOST: "0.0.0.0" } });
    local = service.info.baseUrl;
    fromNetwork = `http://${networkAddress()}:${new URL(local).port}`;
    const { name, credentials } = await createPanelWorkspace(service.info, `Buzón ${Date.now()}`);
    await createPanelUser(service.info, { workspace: name, role: "admin", ...admin });
    await createPanelUser(service.info, { workspace: name, role: "soporte", ...soporte });
    const invited = unique("buzon-invitada");
    const body = JSON.stringify({ AdminMail: invited });
    const headers = signRequest({
      method: "POST",
      pathAndQuery: "/v3/agencias",
      appKey: credentials.AppKey,
      appSecret: credentials.AppSecret,
      body,
      headers: { "Content-Type": "application/json" },
    });
    expect((await fetch(`${local}/v3/agencias`, { method: "POST", headers, body })).status).toBe(202);
    for (let attempt = 0; attempt < 100 && !message; attempt++) {
      const html = await (await fetch(`${local}/dev/mailbox?to=${encodeURIComponent(invited)}`)).text();
      message = html.match(/href="\/dev\/mailbox\/([0-9A-Z]{26})"/)?.[1] ?? "";
      if (!message) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(message).not.toBe("");
  }, 240_000);

  afterAll(async () => {
    await service?.stop();
  });

  const pages = () => ["/dev/mailbox", `/dev/mailbox/${message}`];
  const status = async (url: string, headers: Record<string, string> = {}) => (await fetch(url, { headers })).status;

  it("answers a request straight from this machine", async () => {
    for (const page of pages()) expect(await status(`${local}${page}`)).toBe(200);
  });

  it("does not exist for a request from the network, nor for one a proxy on this machine forwards", async () => {
    for (const page of pages()) {
      expect(await status(`${fromNetwork}${page}`)).toBe(404);
      // Issue 29, item 4: X-Real-IP, True-Client-IP, CF-Connecting-IP or Via alone passed for direct.
      for (const [name, value] of Object.entries(ENCABEZADOS_DE_PROXY)) {
        expect(await status(`${local}${page}`, { [name]: value }), `${page} con ${name}`).toBe(404);
      }
    }
    const html = await (await fetch(`${fromNetwork}/dev/mailbox`)).text();
    expect(html).not.toContain(message);
  });

  it("from the network, answers a signed-in Panel admin, and no other role", async () => {
    const [adminCookie, soporteCookie] = [
      await signInPanel(local, admin.email, admin.password),
      await signInPanel(local, soporte.email, soporte.password),
    ];
    for (const page of pages()) {
      expect(await status(`${fromNetwork}${page}`, { Cookie: adminCookie })).toBe(200);
      expect(await status(`${fromNetwork}${page}`, { Cookie: soporteCookie })).toBe(404);
    }
  });

  it("the operator CLI still reads the mailbox", async () => {
    expect(await adminCli(service.info, "mail", "list", "--json")).toContain(message);
  });
});
