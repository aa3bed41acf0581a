// Bundles the client into dist/: index.html, app-<hash>.js and app-<hash>.css (the shell), and one
// lazily loaded chunk per game UI (src/games/<name>/, listed in src/games/index.ts) with its own
// CSS, which the shell links when it loads the game. Every file but index.html has a content hash
// in its name (served with a year-long immutable cache; index.html is never cached), and every
// text file gets .gz and .br twins beside it (the server sends the one the browser accepts).
import { build } from "esbuild";
import { mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
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
  entryNames: watch ? "[name]" : "[name]-[hash]",
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
// The shell's hashed file names go into index.html.
let appJs = "app.js", appCss = "app.css";
for (const [file, o] of Object.entries(result.metafile.outputs)) {
  if (o.entryPoint !== "src/main.ts" && !o.entryPoint?.endsWith("/src/main.ts")) continue;
  appJs = file.slice(file.lastIndexOf("/") + 1);
  if (o.cssBundle) appCss = o.cssBundle.slice(o.cssBundle.lastIndexOf("/") + 1);
}
const html = readFileSync(join(here, "index.html"), "utf8")
  .replace('href="app.css"', `href="${appCss}"`)
  .replace('src="app.js"', `src="${appJs}"`)
  .replace("</head>", `  <script type="application/json" id="game-css">${JSON.stringify(gameCss)}</script>\n</head>`);
writeFileSync(join(out, "index.html"), html);
// Precompressed twins of every text file (not of source maps: fetched only by developer tools).
if (!watch) {
  const walk = (dir) => readdirSync(dir).flatMap((f) => statSync(join(dir, f)).isDirectory() ? walk(join(dir, f)) : [join(dir, f)]);
  for (const f of walk(out)) {
    if (!/\.(js|css|html|svg|json)$/.test(f)) continue;
    const raw = readFileSync(f);
    writeFileSync(f + ".gz", gzipSync(raw, { level: 9 }));
    writeFileSync(f + ".br", brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
  }
}
console.log(`web-client: built dist/ in ${Date.now() - started} ms (game UIs: src/games/*)`);
