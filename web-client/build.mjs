// Bundles the client into dist/: index.html, app.js (one ES module), app.css.
// The game UI (src/game/index.ts) is imported as "@game"; until it exists a placeholder stands in.
import { build } from "esbuild";
import { existsSync, mkdirSync, copyFileSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const src = (p) => join(here, "src", p);
const gameEntry = existsSync(src("game/index.ts")) ? src("game/index.ts") : src("app/placeholder-game.ts");
const watch = process.argv.includes("--watch");

const gameAlias = {
  name: "game-alias",
  setup(b) { b.onResolve({ filter: /^@game$/ }, () => ({ path: gameEntry })); },
};

const out = join(here, "dist");
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const started = Date.now();
await build({
  entryPoints: { app: src("main.ts") },
  bundle: true,
  format: "esm",
  target: ["es2020"],
  minify: !watch,
  sourcemap: true,
  outdir: out,
  plugins: [gameAlias],
  loader: { ".svg": "text" },
  logLevel: "warning",
});
copyFileSync(join(here, "index.html"), join(out, "index.html"));
console.log(`web-client: built dist/ in ${Date.now() - started} ms (game UI: ${gameEntry.includes("placeholder") ? "placeholder" : "src/game"})`);
