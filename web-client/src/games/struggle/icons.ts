// The card art of The Struggle for Catan table: small inline SVG pictures (no font or image file
// needed, so every device draws the same) for the five resources, the five building kinds and the
// six city expansions. Each is a 24×24 drawing in the card's own text colour (currentColor) with
// light accents; the caller sizes it with CSS. Decorative: the card's name is written beside it.

const ART: Record<string, string> = {
  // resources
  brick: `<rect x="2" y="4" width="9" height="5" rx="1"/><rect x="13" y="4" width="9" height="5" rx="1"/>
    <rect x="2" y="10.5" width="4" height="5" rx="1"/><rect x="7.5" y="10.5" width="9" height="5" rx="1"/><rect x="18" y="10.5" width="4" height="5" rx="1"/>
    <rect x="2" y="17" width="9" height="5" rx="1"/><rect x="13" y="17" width="9" height="5" rx="1"/>`,
  lumber: `<path d="M12 1 4 11h4l-5 7h7v5h4v-5h7l-5-7h4z"/>`,
  ore: `<path d="M1 22 9 7l4 6 3-4 7 13z"/><path d="M9 7l2.6 3.9L10 12 8 10.5 6.7 11.3z" fill="#fff" opacity=".85"/>`,
  wool: `<circle cx="8" cy="11" r="4"/><circle cx="13" cy="9" r="4"/><circle cx="17" cy="12" r="4"/><circle cx="11" cy="14" r="4"/>
    <ellipse cx="4" cy="10" rx="2.6" ry="2"/><rect x="8" y="16" width="2" height="5"/><rect x="15" y="16" width="2" height="5"/>`,
  grain: `<path d="M12 23V6" stroke="currentColor" stroke-width="1.6" fill="none"/>
    <ellipse cx="12" cy="4" rx="2" ry="3"/><ellipse cx="9" cy="8.5" rx="2" ry="3" transform="rotate(-30 9 8.5)"/>
    <ellipse cx="15" cy="8.5" rx="2" ry="3" transform="rotate(30 15 8.5)"/><ellipse cx="9" cy="13.5" rx="2" ry="3" transform="rotate(-30 9 13.5)"/>
    <ellipse cx="15" cy="13.5" rx="2" ry="3" transform="rotate(30 15 13.5)"/>`,
  // buildings
  road: `<path d="M8 2h3l-1 20H3zM13 2h3l5 20h-7z"/><path d="M12 4v3M12 10v3M12 16v4" stroke="currentColor" stroke-width="1.6"/>`,
  knight: `<path d="M12 1 3 4v7c0 6 4 10 9 12 5-2 9-6 9-12V4z"/><path d="M12 5v13M7 10h10" stroke="#fff" stroke-width="2" opacity=".8"/>`,
  settlement: `<path d="M12 3 2 12h3v9h14v-9h3z"/><rect x="10" y="15" width="4" height="6" fill="#fff" opacity=".7"/>`,
  city: `<path d="M2 22V11l5-4 5 4v11z"/><path d="M12 22V6l5-4 5 4v16z"/><rect x="15.5" y="9" width="3" height="3" fill="#fff" opacity=".7"/>
    <rect x="5.5" y="14" width="3" height="3" fill="#fff" opacity=".7"/>`,
  expansion: `<path d="M3 21V9h3V6h3v3h6V6h3v3h3v12z"/><path d="M10 21v-5a2 2 0 0 1 4 0v5" fill="#fff" opacity=".7"/>`,
  // expansions
  castle: `<path d="M3 22V6h3v3h2V6h3v3h2V6h3v3h2V6h3v16z"/><path d="M10 22v-6a2 2 0 0 1 4 0v6" fill="#fff" opacity=".7"/>`,
  church: `<path d="M11 1h2v3h3v2h-3v3l6 5v8H5v-8l6-5V6H8V4h3z"/><path d="M10.5 22v-4a1.5 1.5 0 0 1 3 0v4" fill="#fff" opacity=".7"/>`,
  townHall: `<path d="M12 2 2 8h20z"/><rect x="3" y="9" width="18" height="2"/><rect x="4" y="12" width="2.5" height="7"/>
    <rect x="9" y="12" width="2.5" height="7"/><rect x="13" y="12" width="2.5" height="7"/><rect x="17.5" y="12" width="2.5" height="7"/><rect x="2" y="20" width="20" height="2"/>`,
  library: `<rect x="3" y="4" width="4" height="17"/><rect x="8" y="6" width="4" height="15"/><rect x="13" y="3" width="3" height="18"/>
    <path d="M17 6.5 19.6 5.7 23 20l-2.7.7z"/>`,
  university: `<path d="M12 3 1 8l11 5 11-5z"/><path d="M5 10.5V16c0 2 3.5 3.5 7 3.5s7-1.5 7-3.5v-5.5l-7 3.2z"/><path d="M21.5 9v7" stroke="currentColor" stroke-width="1.4"/>`,
  merchantGuild: `<path d="M9 2h6l-2 4h-2z"/><path d="M10 6h4c4 3 7 7 7 11 0 3-3 5-9 5s-9-2-9-5c0-4 3-8 7-11z"/>
    <path d="M12 10v9M14.5 12h-3.2a1.5 1.5 0 0 0 0 3h1.4a1.5 1.5 0 0 1 0 3H9.5" stroke="#fff" stroke-width="1.3" fill="none" opacity=".85"/>`,
  star: `<path d="M12 2l3 6.6 7.2.8-5.4 4.9 1.5 7.1L12 17.8 5.7 21.4l1.5-7.1L1.8 9.4 9 8.6z"/>`,
  deck: `<rect x="5" y="2" width="14" height="19" rx="2"/><rect x="3" y="4" width="14" height="19" rx="2" fill="#fff" opacity=".35"/>`,
};

/** An SVG picture of `what` (a resource, building, expansion, "star" or "deck"), aria-hidden. */
export function art(what: string, className = "sfc-art"): SVGSVGElement {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("class", className);
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  svg.setAttribute("fill", "currentColor");
  svg.innerHTML = ART[what] ?? ART.deck;
  return svg;
}

export const ART_NAMES = Object.keys(ART);
