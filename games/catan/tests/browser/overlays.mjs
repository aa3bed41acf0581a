// Catan's notices over the board never cover a harbour or a hex of the board's bottom row (issue 27): the prompt, an error, a steal
// notice, the caption of another seat's action and Skip lie in the stage's top band, above the board;
// an open offer lies over the log beside the board (on a phone: above the action bar, under the board).
import { check } from "../../../../tests/browser/lib.mjs";

/** Asserts that no shown notice's box meets a harbour's box or a bottom-row hex's; returns a line for the notes. */
export async function checkHarboursClear(page, where) {
  const r = await page.evaluate(() => {
    const box = (e) => e.getBoundingClientRect();
    const shown = [...document.querySelectorAll('.hx-over-top > *, [data-testid="pacing-skip"], [data-testid="offer"]')]
      .filter((e) => !e.hidden && getComputedStyle(e).display !== "none" && box(e).width > 0 && box(e).height > 0);
    const harbours = [...document.querySelectorAll('[data-testid^="harbor-"]')];
    // The bottom row: the hexes whose boxes end lowest (within a quarter of a hex's height).
    const hexes = [...document.querySelectorAll('[data-testid^="hex-"]')];
    const lowest = Math.max(...hexes.map((e) => box(e).bottom));
    const bottomRow = hexes.filter((e) => lowest - box(e).bottom < box(e).height / 4);
    const meets = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const bad = [];
    for (const o of shown) for (const hb of [...harbours, ...bottomRow])
      if (meets(box(o), box(hb))) bad.push(`${o.getAttribute("data-testid") ?? o.className} ${JSON.stringify(box(o))} covers ${hb.getAttribute("data-testid")} ${JSON.stringify(box(hb))}`);
    return { shown: shown.map((e) => e.getAttribute("data-testid") ?? e.className), harbours: harbours.length, bottomRow: bottomRow.length, bad };
  });
  check(r.harbours > 0 && r.bottomRow >= 3, `${where}: the harbours and the bottom row are drawn (${r.harbours}, ${r.bottomRow})`);
  check(r.bad.length === 0, `${where}: ${r.bad.join(", ")}`);
  return `${where}: ${r.shown.join(", ") || "no notice"} shown, none over the ${r.harbours} harbours or the ${r.bottomRow} bottom-row hexes`;
}
