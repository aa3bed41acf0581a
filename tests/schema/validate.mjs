// Validates every message of a JSON-lines file against the protocol's JSON Schemas (2020-12): the
// envelope's (protocol/schema/<type>.schema.json) and then the payload against the schema of the
// game the message names (games/<game>/schema/<type>.schema.json: snapshot, patch and action carry
// the payload under the game's name; a history entry's events are the game's patch events; a
// createRoom's members besides the room's are the game's options).
//   node tests/schema/validate.mjs messages.jsonl                    every line must be valid
//   node tests/schema/validate.mjs --expect-invalid bad.jsonl        every line must be refused
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const ajv = new Ajv2020({ allErrors: true, strict: true });
addFormats(ajv);

const schemaFiles = (dir) => readdirSync(dir).filter((f) => f.endsWith(".schema.json")).map((f) => join(dir, f));
const read = (file) => JSON.parse(readFileSync(file, "utf8"));
const envelopeDir = join(root, "protocol", "schema");
for (const file of schemaFiles(envelopeDir)) ajv.addSchema(read(file));
const envelope = {};
for (const file of schemaFiles(envelopeDir)) {
  const type = file.split("/").pop().replace(".schema.json", "");
  if (type !== "defs") envelope[type] = ajv.getSchema(read(file).$id);
}
// games/<name>/schema/<type>.schema.json, by game and message type
const games = {};
for (const name of readdirSync(join(root, "games"))) {
  const dir = join(root, "games", name, "schema");
  if (!existsSync(dir)) continue;
  games[name] = {};
  for (const file of schemaFiles(dir)) ajv.addSchema(read(file));
  for (const file of schemaFiles(dir)) {
    const type = file.split("/").pop().replace(".schema.json", "");
    if (type !== "defs") games[name][type] = ajv.getSchema(read(file).$id);
  }
}

// The members of createRoom that are the room's, not the game's: those the envelope's createRoom schema
// lists, except "players", which the game's own schema bounds.
const roomMembers = new Set(Object.keys(envelope.createRoom.schema.properties).filter((k) => k !== "players"));

// The problems of one message: [] when it is valid.
function problems(msg) {
  const v = envelope[msg.type];
  if (!v) return [`no schema for type ${msg.type}`];
  if (!v(msg)) return v.errors.slice(0, 5);
  const game = msg.game;
  const payload = (type, value) => {
    const check = games[game]?.[type];
    if (!check) return [`no ${type} schema for game ${JSON.stringify(game)} (games/${game}/schema/)`];
    return check(value) ? [] : check.errors.slice(0, 5).map((e) => ({ game, ...e }));
  };
  switch (msg.type) {
    case "snapshot": case "patch": case "action":
      if (!(game in msg)) return [`the payload "${game}" is missing`];
      for (const key of Object.keys(msg))
        if (!(key in (envelope[msg.type].schema.properties ?? {})) && key !== game) return [`unknown member ${key}`];
      return payload(msg.type, msg[game]);
    case "history":
      return msg.entries.flatMap((entry) => payload("patch", { events: entry.events }));
    case "createRoom": {
      if (game === undefined) return [];  // the server's default game: its options are not checked here
      const options = Object.fromEntries(Object.entries(msg).filter(([k]) => !roomMembers.has(k)));
      return payload("createRoom", options);
    }
    default:
      return [];
  }
}

const args = process.argv.slice(2);
const expectInvalid = args[0] === "--expect-invalid";
const file = expectInvalid ? args[1] : args[0];
if (!file) {
  console.error("usage: node validate.mjs [--expect-invalid] messages.jsonl");
  process.exit(2);
}
const lines = readFileSync(file, "utf8").split("\n").filter((l) => l.length > 0 && !l.startsWith("//"));
const counts = {};
let failures = 0;
for (const [i, line] of lines.entries()) {
  const msg = JSON.parse(line);
  const key = msg.game && msg.type !== "room" ? `${msg.type}/${msg.game}` : msg.type;
  counts[key] = (counts[key] ?? 0) + 1;
  const found = problems(msg);
  if (expectInvalid ? found.length === 0 : found.length > 0) {
    if (failures < 10)
      console.error(`line ${i + 1} (${msg.type}):`, expectInvalid ? "accepted, but it is invalid" : JSON.stringify(found), line.slice(0, 300));
    failures++;
  }
}
console.log(`${lines.length} messages checked`, counts, `${failures} ${expectInvalid ? "accepted" : "invalid"}`);
process.exit(failures ? 1 : 0);
