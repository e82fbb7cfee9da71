import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { canonicalString, sha256Digest, signCanonical } from "@/lib/http/signing";

/**
 * @vitrina/sdk as sdk/README.md says to build it: sdk/ alone, copied where nothing of this
 * repository is around it, installed from its own package-lock.json (`npm ci`) and built by its own
 * script (`npm run build`); then its dist/ imported by plain Node through the package's `exports`.
 */

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");
const work = mkdtempSync(path.join(tmpdir(), "vitrina-sdk-"));
const npm = (args: string[]) => run("npm", [...args, "--prefer-offline", "--no-audit", "--no-fund"], { cwd: work });

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("the SDK package", () => {
  it("installs and builds on its own, and runs from dist/ in plain Node, signing as the service checks", async () => {
    const leftOut = ["node_modules", "dist"].map((name) => path.join(root, "sdk", name));
    cpSync(path.join(root, "sdk"), work, { recursive: true, filter: (source) => !leftOut.includes(source) });
    await npm(["ci"]);
    await npm(["run", "build"]);
    // Imported by its own name from inside the package: Node resolves it through `exports`.
    const program = `
      import { canonicalString, createClient, signRequest } from "@vitrina/sdk";
      const vector = canonicalString("get", "/v3/marcas?q=fer", new Headers({ Date: "Tue, 01 Jul 2025 12:00:00 GMT" }));
      const request = await signRequest(new Request("http://127.0.0.1:9/v3/agencias", { method: "POST", body: '{"AdminMail":"a@b.ar"}' }), "clave", "secreto");
      const client = createClient({ baseUrl: "http://127.0.0.1:9", appKey: "clave", appSecret: "secreto" });
      console.log(JSON.stringify({ vector, headers: Object.fromEntries(request.headers), get: typeof client.GET }));
    `;
    const { stdout } = await run(process.execPath, ["--input-type=module", "-e", program], { cwd: work });
    const { vector, headers, get } = JSON.parse(stdout) as { vector: string; headers: Record<string, string>; get: string };
    expect(get).toBe("function");
    // The test vector of docs/contract.md#authentication: its canonical string, and the signature the service computes over it.
    expect(vector).toBe("GET\n\nTue, 01 Jul 2025 12:00:00 GMT\n/v3/marcas?q=fer");
    expect(signCanonical("fedcba9876543210fedcba9876543210", vector)).toBe("dUtwC70hy+hLQW4mS6rRXG5+uHzHjoSYGXyd1LeREPc=");
    // The service's own check of what the package signed.
    expect(headers.digest).toBe(sha256Digest('{"AdminMail":"a@b.ar"}'));
    const canonical = canonicalString({ method: "POST", pathAndQuery: "/v3/agencias", headers });
    expect(headers.authorization).toBe(`ACS-HMAC clave:${signCanonical("secreto", canonical)}`);
  }, 120_000);
});
