// Team lists for the standings page: one team per line, "Team name (division): member, member, …"
// (the division is optional). Members are player names as the standings show them (a team name
// cannot hold ':' and a player name cannot hold ',' here).
export interface TeamSpec {
  name: string;
  division: string;
  members: string[];
}

export function teamsFromText(text: string): TeamSpec[] {
  const teams: TeamSpec[] = [];
  // Full-width punctuation (typed with a Chinese input method) counts as its ASCII form.
  const plain = text.replace(/：/g, ":").replace(/（/g, "(").replace(/）/g, ")").replace(/[，、]/g, ",");
  for (const line of plain.split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon < 0) continue;
    const head = line.slice(0, colon).trim();
    const members = line.slice(colon + 1).split(",").map((m) => m.trim()).filter(Boolean);
    const m = head.match(/^(.*?)\s*\(([^()]*)\)$/);
    const name = (m ? m[1] : head).trim();
    if (!name || !members.length) continue;
    teams.push({ name, division: m ? m[2].trim() : "", members });
  }
  return teams;
}
