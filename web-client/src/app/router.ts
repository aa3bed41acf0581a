// Hash routes: #/ lobby, #/room/<id>, #/join/<invite>, #/replay/<room>.
export type Route =
  | { name: "lobby" }
  | { name: "room"; room: string }
  | { name: "join"; invite: string }
  | { name: "replay"; room: string };

export function parseRoute(hash: string): Route {
  const parts = hash.replace(/^#\/?/, "").split("/").filter(Boolean).map(decodeURIComponent);
  if (parts[0] === "room" && parts[1]) return { name: "room", room: parts[1] };
  if (parts[0] === "join" && parts[1]) return { name: "join", invite: parts[1] };
  if (parts[0] === "replay" && parts[1]) return { name: "replay", room: parts[1] };
  return { name: "lobby" };
}

export function href(r: Route): string {
  switch (r.name) {
    case "lobby": return "#/";
    case "room": return `#/room/${encodeURIComponent(r.room)}`;
    case "join": return `#/join/${encodeURIComponent(r.invite)}`;
    case "replay": return `#/replay/${encodeURIComponent(r.room)}`;
  }
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
