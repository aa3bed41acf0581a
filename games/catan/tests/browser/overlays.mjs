// Catan's notices over the board never cover a harbour (issue 27): the prompt, an error, a steal
// notice, the caption of another seat's action and Skip lie in the stage's top band, above the board;
// an open offer lies over the log beside the board (on a phone: above the action bar, under the board).
import { check } from "../../../../tests/browser/lib.mjs";

/** Asserts that no shown notice's box meets a harbour's box; returns a line for the notes. */
export async function checkHarboursClear(page, where) {
  const r = await page.evaluate(() => {
    const box = (e) => e.getBoundingClientRect();
    const shown = [...document.querySelectorAll('.hx-over-top > *, [data-testid="pacing-skip"], [data-testid="offer"]')]
      .filter((e) => !e.hidden && getComputedStyle(e).display !== "none" && box(e).width > 0 && box(e).height > 0);
    const harbours = [...document.querySelectorAll('[data-testid^="harbor-"]')];
    const meets = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const bad = [];
    for (const o of shown) for (const hb of harbours)
      if (meets(box(o), box(hb))) bad.push(`${o.getAttribute("data-testid") ?? o.className} covers ${hb.getAttribute("data-testid")}`);
    return { shown: shown.map((e) => e.getAttribute("data-testid") ?? e.className), harbours: harbours.length, bad };
  });
  check(r.harbours > 0, `${where}: the harbours are drawn`);
  check(r.bad.length === 0, `${where}: ${r.bad.join(", ")}`);
  return `${where}: ${r.shown.join(", ") || "no notice"} shown, none over the ${r.harbours} harbours`;
}
