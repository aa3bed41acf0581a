// The games and rulesets a tournament may be created for, read from the games' descriptors
// (src/games/<name>/meta.ts `tournament`, labels in the game's words); the server's tournament
// registry decides how each is ranked and refuses any other.
import { lang } from "../i18n";
import { gameMeta, gameMetas } from "../games";
import { gameWord } from "../games/words";

export interface TournamentGame { value: string; game: string; ruleset: string }

/** Every (game, ruleset) offered, in the registry's order; `value` is the game's name when it has one ruleset. */
export function tournamentGames(): TournamentGame[] {
  return gameMetas.flatMap((g) => (g.tournament ?? []).map((r, _, all) =>
    ({ value: all.length > 1 ? `${g.name}/${r.ruleset}` : g.name, game: g.name, ruleset: r.ruleset })));
}

/** The game's label of the ruleset ("tournament.<ruleset>" among its words) in the current language. */
export function tournamentGameLabel(game: string, ruleset: string): string {
  const meta = gameMeta(game);
  const label = meta?.tournament?.find((r) => r.ruleset === ruleset)?.label ?? `tournament.${ruleset}`;
  return gameWord(meta, lang(), label) ?? gameWord(meta, lang(), "title") ?? `${game}/${ruleset}`;
}
