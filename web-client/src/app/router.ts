// Hash routes: #/ lobby, #/room/<id>, #/join/<invite>, #/replay/<room>[/<invite>] (a private room's
// replay needs its invite), #/standings/<room>,<room>,…; tournaments (docs/tournaments.md):
// #/tournaments/new, #/t/<id>/org/<token>, #/t/<id>/join/<invite>, #/t/<id>/me/<token>,
// #/t/<id>/ref/<token>, #/t/<id>/standings; accounts (docs/protocol.md, "Accounts"): #/account,
// #/players/<name>, #/leaderboard[/<game>[/<ruleset>]]; clubs (docs/protocol.md, "Clubs"): #/clubs,
// #/clubs/<name>, #/club-join/<invite>.
export type Route =
  | { name: "lobby" }
  | { name: "room"; room: string }
  | { name: "join"; invite: string }
  | { name: "replay"; room: string; invite?: string }
  | { name: "standings"; rooms: string[]; teams?: string }
  | { name: "tournamentNew" }
  | { name: "tournament"; id: string; role: TournamentRole; key: string }
  | { name: "account" }
  | { name: "player"; player: string }
  | { name: "leaderboard"; game?: string; ruleset?: string }
  | { name: "clubs" }
  | { name: "club"; club: string }
  | { name: "clubJoin"; invite: string };

/** A tournament page: the organiser's console, registration, an entrant's page, a referee's page,
 * or the public standings (`key` is the token or invite; empty for the standings). */
export type TournamentRole = "org" | "join" | "me" | "ref" | "standings";
const TOURNAMENT_ROLES: readonly string[] = ["org", "join", "me", "ref"];

export function parseRoute(hash: string): Route {
  const parts = hash.replace(/^#\/?/, "").split("/").filter(Boolean).map(decodeURIComponent);
  if (parts[0] === "room" && parts[1]) return { name: "room", room: parts[1] };
  if (parts[0] === "join" && parts[1]) return { name: "join", invite: parts[1] };
  if (parts[0] === "replay" && parts[1]) return parts[2] ? { name: "replay", room: parts[1], invite: parts[2] } : { name: "replay", room: parts[1] };
  if (parts[0] === "standings") return parts[2] ? { name: "standings", rooms: roomList(parts[1] ?? ""), teams: parts[2] }
    : { name: "standings", rooms: roomList(parts[1] ?? "") };
  if (parts[0] === "tournaments" && parts[1] === "new") return { name: "tournamentNew" };
  if (parts[0] === "account") return { name: "account" };
  if (parts[0] === "players" && parts[1]) return { name: "player", player: parts[1] };
  if (parts[0] === "leaderboard") return parts[1] ? (parts[2] ? { name: "leaderboard", game: parts[1], ruleset: parts[2] } : { name: "leaderboard", game: parts[1] })
    : { name: "leaderboard" };
  if (parts[0] === "clubs") return parts[1] ? { name: "club", club: parts[1] } : { name: "clubs" };
  if (parts[0] === "club-join" && parts[1]) return { name: "clubJoin", invite: parts[1] };
  if (parts[0] === "t" && parts[1]) {
    if (parts[2] === "standings") return { name: "tournament", id: parts[1], role: "standings", key: "" };
    if (TOURNAMENT_ROLES.includes(parts[2] ?? "") && parts[3]) return { name: "tournament", id: parts[1], role: parts[2] as TournamentRole, key: parts[3] };
  }
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
    case "tournamentNew": return "#/tournaments/new";
    case "tournament": return `#/t/${encodeURIComponent(r.id)}/${r.role}${r.role === "standings" ? "" : "/" + encodeURIComponent(r.key)}`;
    case "account": return "#/account";
    case "player": return `#/players/${encodeURIComponent(r.player)}`;
    case "leaderboard": return `#/leaderboard${r.game ? "/" + encodeURIComponent(r.game) + (r.ruleset ? "/" + encodeURIComponent(r.ruleset) : "") : ""}`;
    case "clubs": return "#/clubs";
    case "club": return `#/clubs/${encodeURIComponent(r.club)}`;
    case "clubJoin": return `#/club-join/${encodeURIComponent(r.invite)}`;
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

/** A whole link (origin and page) to a route, to copy and send. */
export function pageLink(r: Route): string {
  return `${location.origin}${location.pathname}${href(r)}`;
}

export function inviteLink(invite: string): string {
  return `${location.origin}${location.pathname}#/join/${encodeURIComponent(invite)}`;
}
