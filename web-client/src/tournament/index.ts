// The tournament pages by route (docs/tournaments.md): the organiser's form and console,
// registration, an entrant's page, a referee's page, and the public standings.
import type { Route } from "../app/router";
import type { Shell } from "../app/shell";
import "./tournament.css";
import { mountConsole } from "./console-page";
import { mountEntrant } from "./entrant-page";
import { mountNewTournament } from "./new-page";
import { mountReferee } from "./referee-page";
import { mountRegister } from "./register-page";
import { mountTournamentStandings } from "./standings-page";

export function mountTournamentPage(root: HTMLElement, shell: Shell, r: Extract<Route, { name: "tournamentNew" | "tournament" }>): () => void {
  if (r.name === "tournamentNew") return mountNewTournament(root);
  switch (r.role) {
    case "org": return mountConsole(root, r.id, r.key);
    case "join": return mountRegister(root, r.id, r.key);
    case "me": return mountEntrant(root, shell, r.id, r.key);
    case "ref": return mountReferee(root, r.id, r.key);
    case "standings": return mountTournamentStandings(root, r.id);
  }
}
