// What a tile is, in words, for the log (issue 27: "places a city corner with a road curve", not
// "places P"): derived from the tile's drawing data (tiles.ts), no rules.
import type { Lang } from "../../app/contract";
import { TILES, type Segment } from "./tiles";

const W = {
  en: { cloister: "cloister", edge: "city edge", edges2: "two city edges", corner: "city corner", passage: "city passage",
    three: "three-sided city", full: "full city", pennant: "with pennant", straight: "straight road", curve: "road curve",
    end: "road end", junction3: "three-way junction", junction4: "crossroads", and: " and ", with: " with ", tile: "tile" },
  "zh-Hant": { cloister: "修道院", edge: "一邊城堡", edges2: "兩個一邊城堡", corner: "轉角城堡", passage: "貫通城堡",
    three: "三邊城堡", full: "四邊城堡", pennant: "附標幟", straight: "直路", curve: "彎路",
    end: "道路盡頭", junction3: "三岔路口", junction4: "十字路口", and: "加", with: "附", tile: "版圖卡" },
  "zh-Hans": { cloister: "修道院", edge: "一边城堡", edges2: "两个一边城堡", corner: "转角城堡", passage: "贯通城堡",
    three: "三边城堡", full: "四边城堡", pennant: "附标帜", straight: "直路", curve: "弯路",
    end: "道路尽头", junction3: "三岔路口", junction4: "十字路口", and: "加", with: "附", tile: "版图卡" },
} satisfies Record<Lang, Record<string, string>>;

const opposite = (a: string, b: string) => (a === "N" && b === "S") || (a === "S" && b === "N") || (a === "E" && b === "W") || (a === "W" && b === "E");

/** "city corner with road curve", "cloister with road end", "crossroads", … in the reader's language. */
export function tileName(lang: Lang, letter: string): string {
  const w = W[lang] ?? W.en;
  const t = TILES[letter];
  if (!t) return `${w.tile} ${letter}`;
  const cities = t.segments.filter((s: Segment) => s.feature === "city");
  const roads = t.segments.filter((s: Segment) => s.feature === "road");
  let city = "";
  if (cities.length === 1) {
    const e = cities[0].edges;
    city = e.length === 1 ? w.edge : e.length === 2 ? (opposite(e[0], e[1]) ? w.passage : w.corner) : e.length === 3 ? w.three : w.full;
    if (cities[0].pennant) city += (lang === "en" ? " " : "") + w.pennant;
  } else if (cities.length > 1) city = w.edges2;
  let road = "";
  if (roads.length === 1) {
    const e = roads[0].edges;
    road = e.length === 1 ? w.end : opposite(e[0], e[1]) ? w.straight : w.curve;
  } else if (roads.length === 3) road = w.junction3;
  else if (roads.length >= 4) road = w.junction4;
  const parts = [t.cloister ? w.cloister : "", city, road].filter(Boolean);
  if (parts.length === 1) return parts[0];
  return t.cloister ? `${parts[0]}${w.with}${parts.slice(1).join(w.and)}` : parts.join(w.and);
}
