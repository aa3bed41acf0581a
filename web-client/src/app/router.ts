// Hash routes: #/ lobby, #/room/<id>, #/join/<invite>, #/replay/<room>[/<invite>] (a private room's
// replay needs its invite), #/standings/<room>,<room>,….
export type Route =
  | { name: "lobby" }
  | { name: "room"; room: string }
  | { name: "join"; invite: string }
  | { name: "replay"; room: string; invite?: string }
  | { name: "standings"; rooms: string[]; teams?: string };

export function parseRoute(hash: string): Route {
  const parts = hash.replace(/^#\/?/, "").split("/").filter(Boolean).map(decodeURIComponent);
  if (parts[0] === "room" && parts[1]) return { name: "room", room: parts[1] };
  if (parts[0] === "join" && parts[1]) return { name: "join", invite: parts[1] };
  if (parts[0] === "replay" && parts[1]) return parts[2] ? { name: "replay", room: parts[1], invite: parts[2] } : { name: "replay", room: parts[1] };
  if (parts[0] === "standings") return parts[2] ? { name: "standings", rooms: roomList(parts[1] ?? ""), teams: parts[2] }
    : { name: "standings", rooms: roomList(parts[1] ?? "") };
  return { name: "lobby" };
}

export function href(r: Route): string {
  switch (r.name) {
    case "lobby": return "#/";
    case "room": return `#/room/${encodeURIComponent(r.room)}`;
    case "join": return `#/join/${encodeURIComponent(r.invite)}`;
    case "replay": return `#/replay/${encodeURIComponent(r.room)}${r.invite ? "/" + encodeURIComponent(r.invite) : ""}`;
    case "standings": return !r.rooms.length ? "#/standings"
      : `#/standings/${r.rooms.map(encodeURIComponent).join(",")}${r.teams ? "/" + encodeURIComponent(r.teams) : ""}`;
  }
}

/** Room ids in free text (commas, spaces, new lines; room links and record URLs work too), in order, once each. */
export function roomList(text: string): string[] {
  const out: string[] = [];
  for (const word of text.split(/[\s,;]+/)) {
    const m = word.match(/(?:room|replay|games)\/([0-9a-f]{4,32})/) ?? word.match(/^([0-9a-f]{4,32})$/);
    if (m && !out.includes(m[1])) out.push(m[1]);
  }
  return out;
}

export function go(r: Route, replace = false): void {
  const h = href(r);
  if (replace) history.replaceState(null, "", h);
  else location.hash = h;
  if (replace) window.dispatchEvent(new HashChangeEvent("hashchange"));
}

export function inviteLink(invite: string): string {
  return `${location.origin}${location.pathname}#/join/${encodeURIComponent(invite)}`;
}
