import { readFileSync } from "node:fs";
import { load } from "./lib/load";

const [baseUrl, path, connections, seconds] = process.argv.slice(2);
const credentials = JSON.parse(readFileSync("/tmp/perf/creds.json", "utf8"));
const result = await load({
  baseUrl: baseUrl as string,
  path: path as string,
  connections: Number(connections),
  seconds: Number(seconds),
  credentials,
});
console.log(JSON.stringify({ path, connections: Number(connections), ...result }));
