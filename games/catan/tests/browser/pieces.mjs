// Catan's pieces are told apart without colour (issue 27): every seat's settlements and cities carry
// the seat's own shape and its own mark (initial, with the seat's number when initials repeat), every
// seat's roads its own dash pattern; the players' panels show the same shapes beside the names.
import { check } from "../../../../tests/browser/lib.mjs";

/** Asserts it on the board shown; returns a line for the notes. */
export async function checkPiecesWithoutColour(page, where) {
  const r = await page.evaluate(() => {
    const per = new Map();  // seat → { shapes, marks, dashes }
    const of = (seat) => per.get(seat) ?? (per.set(seat, { shapes: new Set(), marks: new Set(), dashes: new Set() }), per.get(seat));
    for (const g of document.querySelectorAll('svg.board .buildings .piece')) {
      const e = of(g.getAttribute("data-owner"));
      const shape = [...g.children].filter((c) => c.tagName !== "text" && c.tagName !== "title").at(-1);
      e.shapes.add(shape.tagName + (shape.getAttribute("points") ? `:${shape.getAttribute("points").split(" ").length}` : ""));
      e.marks.add(g.querySelector("text")?.textContent ?? "");
    }
    for (const g of document.querySelectorAll('svg.board .roads .piece')) of(g.getAttribute("data-owner")).dashes.add(g.querySelectorAll("line")[1]?.getAttribute("stroke-dasharray") ?? "");
    const icons = [...document.querySelectorAll('[data-testid^="player-"] .hx-player-head .seat-icon > *')].map((c) => c.tagName + (c.getAttribute("points") ? `:${c.getAttribute("points").split(" ").length}` : ""));
    return [...per.entries()].map(([seat, e]) => ({ seat, shapes: [...e.shapes], marks: [...e.marks], dashes: [...e.dashes] })).concat([{ icons }]);
  });
  const icons = r.pop().icons;
  const seats = r.filter((e) => e.shapes.length > 0);
  check(seats.length >= 2, `${where}: pieces of at least two seats on the board (${JSON.stringify(r)})`);
  for (const e of r) check(e.shapes.length <= 1 && e.marks.length <= 1 && e.dashes.length <= 1, `${where}: one shape, one mark and one road pattern per seat (${JSON.stringify(e)})`);
  const key = (f) => seats.map(f);
  check(new Set(key((e) => e.shapes[0])).size === seats.length, `${where}: each seat's buildings have their own shape (${JSON.stringify(seats)})`);
  check(new Set(key((e) => e.marks[0])).size === seats.length && seats.every((e) => e.marks[0]), `${where}: each seat's buildings carry their own mark (${JSON.stringify(seats)})`);
  const roads = r.filter((e) => e.dashes.length > 0);
  check(new Set(roads.map((e) => e.dashes[0])).size === roads.length, `${where}: each seat's roads have their own pattern (${JSON.stringify(roads)})`);
  check(icons.length >= seats.length && seats.every((e) => icons.includes(e.shapes[0])), `${where}: the players' panels show the same shapes (${icons.join(", ")})`);
  return `${where}: pieces told apart without colour: ${seats.map((e) => `seat ${e.seat} ${e.shapes[0]} "${e.marks[0]}" road "${roads.find((x) => x.seat === e.seat)?.dashes[0] ?? "-"}"`).join("; ")}`;
}
