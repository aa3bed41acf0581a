// Validates every message of a JSON-lines file against protocol/schema (JSON Schema 2020-12).
//   node tests/schema/validate.mjs messages.jsonl
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

const here = dirname(fileURLToPath(import.meta.url));
const schemaDir = join(here, "..", "..", "protocol", "schema");
const ajv = new Ajv2020({ allErrors: true, strict: true });
addFormats(ajv);
const validators = {};
for (const f of readdirSync(schemaDir).filter((f) => f.endsWith(".schema.json")))
  ajv.addSchema(JSON.parse(readFileSync(join(schemaDir, f), "utf8")));
for (const f of readdirSync(schemaDir).filter((f) => f.endsWith(".schema.json") && f !== "defs.schema.json")) {
  const s = JSON.parse(readFileSync(join(schemaDir, f), "utf8"));
  validators[f.replace(".schema.json", "")] = ajv.getSchema(s.$id);
}

const file = process.argv[2];
if (!file) {
  console.error("usage: node validate.mjs messages.jsonl");
  process.exit(2);
}
const lines = readFileSync(file, "utf8").split("\n").filter((l) => l.length > 0);
const counts = {};
let failures = 0;
for (const [i, line] of lines.entries()) {
  const msg = JSON.parse(line);
  const v = validators[msg.type];
  if (!v) {
    console.error(`line ${i + 1}: no schema for type ${msg.type}`);
    failures++;
    continue;
  }
  counts[msg.type] = (counts[msg.type] ?? 0) + 1;
  if (!v(msg)) {
    if (failures < 10) console.error(`line ${i + 1} (${msg.type}):`, JSON.stringify(v.errors.slice(0, 5)), line.slice(0, 300));
    failures++;
  }
}
console.log(`${lines.length} messages checked`, counts, `${failures} invalid`);
process.exit(failures ? 1 : 0);
