// Seat identity: a colour AND a shape (and the player's initial), so colour is never the only cue.
// The same colours and shapes as the game UI's pieces (src/game/pieces.ts), so the room panel, the
// chat and the board agree.
export const SEAT_COLORS = ["#c62828", "#1565c0", "#ef6c00", "#f5f5f5"] as const;
export const SEAT_INK = ["#ffffff", "#ffffff", "#000000", "#000000"] as const;
export const SEAT_SHAPES = ["square", "circle", "triangle", "diamond"] as const;

const SVG = "http://www.w3.org/2000/svg";

function shapeElement(seat: number): SVGElement {
  const shape = SEAT_SHAPES[seat % 4];
  let el: SVGElement;
  if (shape === "circle") {
    el = document.createElementNS(SVG, "circle");
    el.setAttribute("cx", "12"); el.setAttribute("cy", "12"); el.setAttribute("r", "10.5");
  } else if (shape === "square") {
    el = document.createElementNS(SVG, "rect");
    el.setAttribute("x", "2"); el.setAttribute("y", "2"); el.setAttribute("width", "20"); el.setAttribute("height", "20");
    el.setAttribute("rx", "3");
  } else {
    el = document.createElementNS(SVG, "polygon");
    el.setAttribute("points", shape === "triangle" ? "12,1.5 23,22 1,22" : "12,1 23,12 12,23 1,12");
  }
  el.setAttribute("fill", SEAT_COLORS[seat % 4]);
  el.setAttribute("stroke", "#3b3228");
  el.setAttribute("stroke-width", "1.5");
  return el;
}

/** A 24×24 badge: the seat's shape in its colour with the name's initial (or the seat number). */
export function seatMark(seat: number, name?: string): SVGSVGElement {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("class", "seat-mark");
  svg.setAttribute("aria-hidden", "true");
  if (seat < 0) return svg;
  svg.append(shapeElement(seat));
  const text = document.createElementNS(SVG, "text");
  text.setAttribute("x", "12");
  text.setAttribute("y", SEAT_SHAPES[seat % 4] === "triangle" ? "19" : "16.5");
  text.setAttribute("text-anchor", "middle");
  text.setAttribute("font-size", "11");
  text.setAttribute("font-weight", "700");
  text.setAttribute("fill", SEAT_INK[seat % 4]);
  text.textContent = initial(name) || String(seat + 1);
  svg.append(text);
  return svg;
}

export function initial(name?: string): string {
  const s = (name ?? "").trim();
  return s ? Array.from(s)[0].toUpperCase() : "";
}
