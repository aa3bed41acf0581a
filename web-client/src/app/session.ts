// What the browser remembers between visits (localStorage): the session token (so a reload or a
// dropped network returns the player to the seat), the display name, the language, and the seat
// this session holds in each room it joined.
import type { Lang } from "./contract";

const KEY = { token: "hexhall.token", name: "hexhall.name", lang: "hexhall.lang", seats: "hexhall.seats", invites: "hexhall.invites" };

function get(k: string): string | null {
  try { return localStorage.getItem(k); } catch { return null; }
}
function set(k: string, v: string | null): void {
  try { v === null ? localStorage.removeItem(k) : localStorage.setItem(k, v); } catch { /* private mode */ }
}

export const session = {
  token: (): string | undefined => get(KEY.token) ?? undefined,
  setToken: (t: string) => set(KEY.token, t),
  name: (): string => get(KEY.name) ?? "",
  setName: (n: string) => set(KEY.name, n),
  lang: (): Lang | null => {
    const l = get(KEY.lang);
    return l === "en" || l === "zh-Hant" || l === "zh-Hans" ? l : null;
  },
  setLang: (l: Lang) => set(KEY.lang, l),
  /** The seat held in a room (−1: spectator), or undefined when this browser never joined it. */
  seatIn(room: string): number | undefined {
    const all = seats();
    return room in all ? all[room] : undefined;
  },
  setSeat(room: string, seat: number | null): void {
    const all = seats();
    if (seat === null) delete all[room];
    else all[room] = seat;
    const keys = Object.keys(all);
    for (const k of keys.slice(0, Math.max(0, keys.length - 20))) delete all[k];  // keep the last 20 rooms
    set(KEY.seats, JSON.stringify(all));
  },
};

function seats(): Record<string, number> {
  return readMap(KEY.seats) as Record<string, number>;
}

function readMap(key: string): Record<string, unknown> {
  try { return JSON.parse(get(key) ?? "{}") ?? {}; } catch { return {}; }
}

/** Invite codes of rooms this browser joined (a private room is found again only through it). */
export const invites = {
  get(room: string): string | undefined {
    const v = readMap(KEY.invites)[room];
    return typeof v === "string" ? v : undefined;
  },
  set(room: string, code: string): void {
    const all = readMap(KEY.invites);
    if (all[room] === code) return;
    delete all[room];
    all[room] = code;
    const keys = Object.keys(all);
    for (const k of keys.slice(0, Math.max(0, keys.length - 20))) delete all[k];
    set(KEY.invites, JSON.stringify(all));
  },
};
