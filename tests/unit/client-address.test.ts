import { describe, expect, it } from "vitest";
import { clientAddressOf, isDirectLoopback, parseTrustedProxy, type TrustedProxy } from "@/lib/client-address";
import { parseConfig } from "@/lib/env";
import { ENCABEZADOS_DE_PROXY } from "../support/encabezados-de-proxy";

/** The client address behind trusted proxies (TRUSTED_PROXIES, issue 17 item 3, docs/decisions/0027) and HOST (item 4, 0028). */

const proxies = (...entries: string[]) => entries.map((entry) => parseTrustedProxy(entry) as TrustedProxy);

describe("clientAddressOf", () => {
  it("is the connection's peer when no proxy is trusted: a spoofed X-Forwarded-For is ignored", () => {
    expect(clientAddressOf("198.51.100.7", "203.0.113.1", [])).toBe("198.51.100.7");
    expect(clientAddressOf("198.51.100.7", undefined, [])).toBe("198.51.100.7");
  });

  it("ignores X-Forwarded-For when the peer is not one of the trusted proxies", () => {
    expect(clientAddressOf("198.51.100.7", "203.0.113.1", proxies("10.0.0.0/8"))).toBe("198.51.100.7");
  });

  it("behind a trusted proxy: the right-most entry that is not a trusted proxy; what the client wrote left of it is not believed", () => {
    const trusted = proxies("10.0.0.0/8", "127.0.0.1");
    expect(clientAddressOf("127.0.0.1", "203.0.113.9", trusted)).toBe("203.0.113.9");
    // The client sent "X-Forwarded-For: 1.2.3.4"; the proxy appended the real peer.
    expect(clientAddressOf("10.0.0.2", "1.2.3.4, 203.0.113.9", trusted)).toBe("203.0.113.9");
    // Two proxies of ours in a row, and several headers.
    expect(clientAddressOf("10.0.0.2", ["1.2.3.4, 203.0.113.9", "10.0.0.3"], trusted)).toBe("203.0.113.9");
    // Every hop is ours: the left-most one.
    expect(clientAddressOf("10.0.0.2", "10.0.0.5, 10.0.0.3", trusted)).toBe("10.0.0.5");
    // A trusted proxy with no header, or one that wrote no address: the proxy itself.
    expect(clientAddressOf("10.0.0.2", undefined, trusted)).toBe("10.0.0.2");
    expect(clientAddressOf("10.0.0.2", "1.2.3.4, not-an-address", trusted)).toBe("10.0.0.2");
  });

  it("names one client one way: IPv4-mapped IPv6 as IPv4, IPv6 compressed", () => {
    expect(clientAddressOf("::ffff:127.0.0.1", undefined, [])).toBe("127.0.0.1");
    expect(clientAddressOf("::ffff:127.0.0.1", "2001:DB8:0:0::1", proxies("127.0.0.1"))).toBe("2001:db8::1");
    expect(clientAddressOf("::1", " 203.0.113.9 ", proxies("::1/128"))).toBe("203.0.113.9");
  });

  it("is undefined without a peer address", () => {
    expect(clientAddressOf(undefined, "203.0.113.1", proxies("0.0.0.0/0"))).toBeUndefined();
    expect(clientAddressOf("", undefined, [])).toBeUndefined();
  });
});

describe("TRUSTED_PROXIES", () => {
  it("takes addresses and CIDR ranges, IPv4 and IPv6, in a comma list; none by default", () => {
    expect(
      parseConfig({
        DATA_DIR: "/tmp/vitrina-unused",
        DATABASE_URL: "postgres://x@h/d",
        SECRETS_KEY: "a".repeat(64),
        AUTH_SECRET: "b".repeat(32),
      }).trustedProxies,
    ).toEqual([]);
    expect(parseTrustedProxy("10.0.0.0/8")?.map(String)).toEqual(["10.0.0.0", "8"]);
    expect(parseTrustedProxy(" 192.0.2.1 ")?.map(String)).toEqual(["192.0.2.1", "32"]);
    expect(parseTrustedProxy("fd00::/8")?.map(String)).toEqual(["fd00::", "8"]);
    expect(parseTrustedProxy("::1")?.map(String)).toEqual(["::1", "128"]);
  });

  it.each(["proxy.interno", "10.0.0.0/33", "::1/129", "10.0.0.1/8/2", "0x7f.1", "10.0.0.0/"])(
    "refuses %j, naming the variable",
    (entry) => {
      expect(parseTrustedProxy(entry)).toBeUndefined();
      expect(() =>
        parseConfig({
          DATABASE_URL: "postgres://x@h/d",
          SECRETS_KEY: "a".repeat(64),
          AUTH_SECRET: "b".repeat(32),
          TRUSTED_PROXIES: `127.0.0.1, ${entry}`,
        }),
      ).toThrowError(/TRUSTED_PROXIES: .*no es una dirección IP ni un rango CIDR/);
    },
  );
});

describe("isDirectLoopback", () => {
  it("is a loopback peer with no forwarding header", () => {
    expect(isDirectLoopback("127.0.0.1", {})).toBe(true);
    expect(isDirectLoopback("::1", {})).toBe(true);
    expect(isDirectLoopback("::ffff:127.0.0.1", {})).toBe(true);
    expect(isDirectLoopback("127.0.0.1", { host: "localhost:3000", "user-agent": "curl/8", cookie: "a=b" })).toBe(true);
    expect(isDirectLoopback("192.168.1.20", {})).toBe(false);
    expect(isDirectLoopback(undefined, {})).toBe(false);
  });

  // Issue 29, item 4: X-Real-IP, True-Client-IP, CF-Connecting-IP or Via from loopback passed for direct.
  it.each(Object.entries(ENCABEZADOS_DE_PROXY))("is not direct with %s, whatever its value", (name, value) => {
    // Node gives the headers with their names in lower case.
    expect(isDirectLoopback("127.0.0.1", { [name.toLowerCase()]: value })).toBe(false);
    expect(isDirectLoopback("::1", { [name.toLowerCase()]: "" })).toBe(false);
    expect(isDirectLoopback("127.0.0.1", { [name.toLowerCase()]: [value, value] })).toBe(false);
  });
});

describe("HOST", () => {
  const postgres = { DATABASE_URL: "postgres://x@h/d", SECRETS_KEY: "a".repeat(64), AUTH_SECRET: "b".repeat(32) };
  it("is loopback unless set", () => {
    expect(parseConfig(postgres).host).toBe("127.0.0.1");
    expect(parseConfig({ ...postgres, HOST: "0.0.0.0" }).host).toBe("0.0.0.0");
    expect(() => parseConfig({ ...postgres, HOST: "una red" })).toThrowError(/HOST: se espera una dirección/);
  });

  it("the dev mailbox exists only embedded and without SMTP_URL", () => {
    expect(parseConfig(postgres).devMailbox).toBe(false);
    const embedded = { SECRETS_KEY: "a".repeat(64), AUTH_SECRET: "b".repeat(32) };
    expect(parseConfig(embedded).devMailbox).toBe(true);
    expect(parseConfig({ ...embedded, SMTP_URL: "smtp://127.0.0.1:25" }).devMailbox).toBe(false);
  });
});
