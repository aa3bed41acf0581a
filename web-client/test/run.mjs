// Bundles each test/*.test.ts for Node with esbuild and runs them with node's test runner.
import { build } from "esbuild";
import { readdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { spawnSync } from "node:child_process";

const here = dirname(fileURLToPath(import.meta.url));
const out = mkdtempSync(join(tmpdir(), "hexhall-web-test-"));
const tests = readdirSync(here).filter((f) => f.endsWith(".test.ts"));
await build({
  entryPoints: tests.map((f) => join(here, f)),
  bundle: true, platform: "node", format: "esm", target: "node18", outdir: out, outExtension: { ".js": ".mjs" },
  logLevel: "warning",
});
const r = spawnSync(process.execPath, ["--test", ...tests.map((f) => join(out, f.replace(/\.ts$/, ".mjs")))], { stdio: "inherit", cwd: here });
rmSync(out, { recursive: true, force: true });
process.exit(r.status ?? 1);
