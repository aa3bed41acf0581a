// Bundles the client into dist/: index.html, app.js and app.css (the shell), and one lazily loaded
// chunk per game UI (src/games/<name>/, listed in src/games/index.ts) with its own CSS, which the
// shell links when it loads the game.
import { build } from "esbuild";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const src = (p) => join(here, "src", p);
const watch = process.argv.includes("--watch");

const out = join(here, "dist");
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const started = Date.now();
const result = await build({
  entryPoints: { app: src("main.ts") },
  bundle: true,
  format: "esm",
  target: ["es2020"],
  minify: !watch,
  sourcemap: true,
  outdir: out,
  splitting: true,
  chunkNames: "chunks/[name]-[hash]",
  loader: { ".svg": "text" },
  logLevel: "warning",
  metafile: true,
});
// Each game's stylesheet (the CSS its chunk imports), by game name: index.html carries the map, and
// src/games/index.ts links the sheet when it loads the game.
const gameCss = {};
for (const [file, o] of Object.entries(result.metafile.outputs)) {
  const m = /src\/games\/([a-z0-9-]+)\/index\.ts$/.exec(o.entryPoint ?? "");
  if (m && o.cssBundle) gameCss[m[1]] = o.cssBundle.slice(file.indexOf("chunks/"));
}
const html = readFileSync(join(here, "index.html"), "utf8").replace("</head>",
  `  <script type="application/json" id="game-css">${JSON.stringify(gameCss)}</script>\n</head>`);
writeFileSync(join(out, "index.html"), html);
console.log(`web-client: built dist/ in ${Date.now() - started} ms (game UIs: src/games/*)`);
