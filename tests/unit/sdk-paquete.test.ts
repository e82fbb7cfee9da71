import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { canonicalString, sha256Digest, signCanonical } from "@/lib/http/signing";

/**
 * @vitrina/sdk as a partner installs it: built by its own tsconfig (sdk/, `npm run build`), then
 * imported from its dist/ by plain Node through the package's `exports`, with nothing of the server
 * or of this repository's aliases.
 */

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");
const work = mkdtempSync(path.join(tmpdir(), "vitrina-sdk-"));

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("the SDK package", () => {
  it("builds on its own and runs from dist/ in plain Node, signing as the service checks", async () => {
    const packageDir = path.join(work, "node_modules/@vitrina/sdk");
    await run(
      process.execPath,
      [path.join(root, "node_modules/typescript/bin/tsc"), "-p", "sdk/tsconfig.json", "--outDir", path.join(packageDir, "dist")],
      {
        cwd: root,
      },
    );
    const manifest = JSON.parse(readFileSync(path.join(root, "sdk/package.json"), "utf8"));
    writeFileSync(path.join(packageDir, "package.json"), JSON.stringify(manifest));
    // Its two dependencies, as npm would have installed them beside it.
    for (const dependency of Object.keys(manifest.dependencies)) {
      symlinkSync(path.join(root, "node_modules", dependency), path.join(work, "node_modules", dependency), "dir");
    }
    const program = `
      import { createClient, signRequest } from "@vitrina/sdk";
      const request = await signRequest(new Request("http://127.0.0.1:9/v3/agencias", { method: "POST", body: '{"AdminMail":"a@b.ar"}' }), "clave", "secreto");
      const client = createClient({ baseUrl: "http://127.0.0.1:9", appKey: "clave", appSecret: "secreto" });
      console.log(JSON.stringify({ headers: Object.fromEntries(request.headers), get: typeof client.GET }));
    `;
    const { stdout } = await run(process.execPath, ["--input-type=module", "-e", program], { cwd: work });
    const { headers, get } = JSON.parse(stdout) as { headers: Record<string, string>; get: string };
    expect(get).toBe("function");
    // The service's own check of what the package signed.
    expect(headers.digest).toBe(sha256Digest('{"AdminMail":"a@b.ar"}'));
    const canonical = canonicalString({ method: "POST", pathAndQuery: "/v3/agencias", headers });
    expect(headers.authorization).toBe(`ACS-HMAC clave:${signCanonical("secreto", canonical)}`);
  }, 60_000);
});
