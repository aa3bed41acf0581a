// Player ratings (issue 29): the Weng-Lin Bayesian rating — the Bradley-Terry full-pairing model of
// OpenSkill (Weng & Lin, "A Bayesian Approximation Method for Online Ranking", JMLR 12, 2011,
// Algorithm 1) — for games of 2 to 6 players that use every place, not only the winner.
// Plain data and free functions: no I/O, no clock. Checked against the npm `openskill` package
// (tests/fixtures/openskill/). docs/decisions/019-ratings.md.
#pragma once
#include <optional>
#include <span>
#include <vector>

namespace hexhall::rating {

// A player's skill belief: mean mu and uncertainty sigma (a normal distribution).
struct Rating {
    double mu = 25.0;
    double sigma = 25.0 / 3.0;
    friend bool operator==(const Rating&, const Rating&) = default;
};

// The model's constants, OpenSkill's defaults.
struct Model {
    double mu = 25.0;            // a new player's mean
    double sigma = 25.0 / 3.0;   // a new player's uncertainty
    double beta = 25.0 / 6.0;    // performance noise of one game
    double kappa = 1e-4;         // smallest factor sigma^2 may shrink by in one game
    double tau = 25.0 / 300.0;   // added uncertainty before each game (skills drift)
    double z = 3.0;              // ordinal = mu - z * sigma
};

Rating new_rating(const Model& model = {});

// The conservative estimate the leaderboards rank by: mu - z * sigma.
double ordinal(Rating r, const Model& model = {});

// The ratings after one game. `places[i]` is player i's place: 0 is first, equal places are ties,
// lower is better (values need not be contiguous). Every player is compared with every other.
// Sizes must match and hold at least two players; otherwise the ratings come back unchanged.
std::vector<Rating> rate(std::span<const Rating> before, std::span<const int> places, const Model& model = {});

// How one seat finished, as the ranking input (issue 29): winners first, then by the game's final
// score (higher is better; ties allowed); a player who abandoned ranks last whatever the score.
struct Finish {
    bool winner = false;
    std::optional<double> score;
    bool abandoned = false;
};

// Places for `rate` from finishes: ordered by (not abandoned, winner, score); equal keys tie.
std::vector<int> places_of(std::span<const Finish> finishes);

// One seat of a rated game: a person's rating, or none for a bot. Bots are never rated, and a game
// with bot seats rates only the people among themselves (their places among each other).
struct SeatResult {
    std::optional<Rating> person;
    Finish finish;
};

// The people's ratings after the game, seat by seat (none for bots). Fewer than two people: unchanged.
std::vector<std::optional<Rating>> rate_seats(std::span<const SeatResult> seats, const Model& model = {});

// The uncertainty a rating carries into a new season: sigma widened to sqrt(sigma^2 + widen^2),
// never above a new player's sigma; mu is kept.
Rating carried_into_season(Rating r, double widen, const Model& model = {});

}  // namespace hexhall::rating
