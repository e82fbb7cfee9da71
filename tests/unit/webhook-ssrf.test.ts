import { describe, expect, it } from "vitest";
import { forbiddenAddressReason } from "@/lib/api/address-policy";
import { RefusedAddressError, resolvePermittedAddress } from "@/lib/service/webhooks/guarded-agent";

describe("SSRF address policy (docs/contract.md#ssrf-guard)", () => {
  const refused = [
    ["127.0.0.1", "loopback"],
    ["127.1.2.3", "loopback"],
    ["10.0.0.1", "private"],
    ["172.16.5.4", "private"],
    ["192.168.1.1", "private"],
    ["169.254.169.254", "metadatos"],
    ["169.254.10.10", "linkLocal"],
    ["100.64.0.1", "carrierGradeNat"],
    ["100.100.100.200", "metadatos"],
    ["0.0.0.0", "unspecified"],
    ["224.0.0.1", "multicast"],
    ["255.255.255.255", "broadcast"],
    ["240.0.0.1", "reserved"],
    ["192.0.2.10", "reserved"],
    ["::1", "loopback"],
    ["::", "unspecified"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:10.0.0.1", "private"],
    ["::ffff:169.254.169.254", "metadatos"],
    ["fe80::1", "linkLocal"],
    ["fc00::1", "uniqueLocal"],
    ["fd00:ec2::254", "metadatos"],
    ["ff02::1", "multicast"],
    ["64:ff9b::a00:1", "rfc6052"],
    ["2002:a00:1::", "6to4"],
    ["2001:db8::1", "reserved"],
    ["4000::1", "IPv6"],
  ] as const;

  it.each(refused)("refuses %s", (address, why) => {
    expect(forbiddenAddressReason(address)).toContain(why);
  });

  it.each(["93.184.216.34", "8.8.8.8", "1.1.1.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"])("allows the public address %s", (address) => {
    expect(forbiddenAddressReason(address)).toBeUndefined();
  });

  it("refuses literals and names that resolve to forbidden addresses before any connection", async () => {
    await expect(resolvePermittedAddress("127.0.0.1")).rejects.toBeInstanceOf(RefusedAddressError);
    await expect(resolvePermittedAddress("[::1]")).rejects.toBeInstanceOf(RefusedAddressError);
    await expect(resolvePermittedAddress("localhost")).rejects.toThrow(/localhost resuelve a/);
    await expect(resolvePermittedAddress("8.8.8.8")).resolves.toBe("8.8.8.8");
  });
});
