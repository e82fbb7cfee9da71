import { writeFileSync } from "node:fs";
import { buildOpenApiDocument } from "@/lib/api/openapi";

/**
 * Writes the OpenAPI document the server serves at /v3/openapi.json to a file (for the linters and
 * the SDK's type generator): `tsx scripts/openapi.ts [file] [server URL]`, stdout without a file.
 */
const [file, serverUrl = "http://localhost:3000"] = process.argv.slice(2);
const text = `${JSON.stringify(buildOpenApiDocument(serverUrl), null, 2)}\n`;
if (file) writeFileSync(file, text);
else process.stdout.write(text);
