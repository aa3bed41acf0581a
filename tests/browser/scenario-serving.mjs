// Serving (issue 18): the page's script and stylesheet arrive compressed (brotli or gzip, as
// Chromium accepts) under content-hashed names with a year-long immutable cache, and the page
// itself is revalidated on every load (a new build is seen at once).
import { check, tid } from "./lib.mjs";

export async function serving({ browser, base }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const assets = [];
  let documentHeaders = null;
  page.on("response", async (r) => {
    const url = new URL(r.url());
    if (url.pathname === "/") documentHeaders = await r.allHeaders();
    if (/^\/app-[A-Z0-9]{8}\.(js|css)$/.test(url.pathname)) assets.push({ path: url.pathname, headers: await r.allHeaders() });
  });
  await page.goto(base + "/");
  await page.waitForSelector(tid("name-dialog-input"), { timeout: 10000 });  // the app has started
  check(assets.some((a) => a.path.endsWith(".js")) && assets.some((a) => a.path.endsWith(".css")), `the hashed app script and stylesheet were loaded (${assets.map((a) => a.path).join(", ")})`);
  for (const a of assets) {
    check(/^(br|gzip)$/.test(a.headers["content-encoding"] ?? ""), `${a.path} is compressed (${a.headers["content-encoding"]})`);
    check(/max-age=31536000/.test(a.headers["cache-control"] ?? "") && /immutable/.test(a.headers["cache-control"]), `${a.path} is cached for a year (${a.headers["cache-control"]})`);
  }
  check(documentHeaders && documentHeaders["cache-control"] === "no-cache", `the page is revalidated (${documentHeaders?.["cache-control"]})`);
  await context.close();
  return assets.map((a) => `${a.path}: ${a.headers["content-encoding"]}, ${a.headers["content-length"] ?? "?"} bytes`);
}
