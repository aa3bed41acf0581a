// Tiny DOM helpers: build HTML and SVG elements without a framework.

export type Attrs = Record<string, string | number | boolean | null | undefined>;
export type Child = Node | string | null | undefined | false;

function setAttrs(el: Element, attrs: Attrs): void {
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    el.setAttribute(k, v === true ? "" : String(v));
  }
}

function append(el: Element, children: Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    el.append(typeof c === "string" ? document.createTextNode(c) : c);
  }
}

/** An HTML element: h("button", {class: "x", "data-testid": "y"}, "text"). */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

export const SVG_NS = "http://www.w3.org/2000/svg";

/** An SVG element. */
export function s(tag: string, attrs: Attrs = {}, ...children: Child[]): SVGElement {
  const el = document.createElementNS(SVG_NS, tag) as SVGElement;
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

/** A button that runs `onClick` on click (and so on Enter / Space, as a native button). */
export function button(label: string, attrs: Attrs, onClick: () => void): HTMLButtonElement {
  const b = h("button", { type: "button", ...attrs }, label);
  b.addEventListener("click", (e) => { e.preventDefault(); if (!b.disabled) onClick(); });
  return b;
}

export function clear(el: Element): void {
  while (el.firstChild) el.removeChild(el.firstChild);
}
