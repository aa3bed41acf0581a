// The Carcassonne base game as a pure, typed engine (no JSON, no I/O). A Game is a plain value:
// copying it is a memberwise copy, so bots and tests clone it freely.
//
// Coordinates: the start tile is at (0, 0); x grows east, y grows south (north is up).
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "games/carcassonne/cells.hpp"
#include "games/carcassonne/rng.hpp"
#include "games/carcassonne/tiles.hpp"

namespace hexhall::carcassonne {

inline constexpr int kMaxPlayers = 5;       // CAR-1.4
inline constexpr int kFollowersEach = 7;    // CAR-1.3, CAR-2.2
inline constexpr int kGrid = 148;           // 2 × 72 + border: no game can leave it
inline constexpr int kOrigin = 74;
inline constexpr int kMaxSeg = kTilesTotal * kMaxSegments;
inline constexpr int kCloisterSpot = kMaxSegments;  // the spot index of a cloister (monk)

// The three CAR-9.1 switches. Defaults are the seed's second edition.
struct Ruleset {
    int tiny_city = 2;            // points for a completed two-tile city (CAR-6.5); 4 = third edition
    int unfinished_pennant = 0;   // points per pennant in an unfinished city (CAR-8.3); 1 = third edition
    bool field_per_field = false; // true: each field scores on its own (third edition) (CAR-8.6)
};

struct Options {
    int players = 2;       // CAR-1.4
    int first_player = 0;  // CAR-2.3 decision
    Ruleset rules;
};

enum class Phase : uint8_t { Place, Follower, Over };

struct Placement {
    int x = 0, y = 0, rot = 0;
    bool operator==(const Placement&) const = default;
};

struct Error {
    const char* rule;
    std::string message;
};

// One scoring: a completed (or, at the end, unfinished) road, city or cloister, or one field.
struct Scoring {
    Kind kind = Kind::Road;
    bool complete = false;   // scored during play because it was completed
    bool final = false;      // scored in the final scoring (CAR-8.2, CAR-8.5)
    int feature = -1;        // id: root segment of a road/city/field, placed-tile index of a cloister
    int tiles = 0;           // distinct tiles of the feature
    int pennants = 0;
    std::array<int, kMaxPlayers> followers{};  // followers per player on the feature
    std::array<int, kMaxPlayers> points{};     // points scored per player
    std::vector<int> tile_indices;             // placed-tile indices of the feature (for highlight)
    std::vector<int> cities;                   // fields: completed cities (feature ids) bordering it
    std::vector<std::vector<int>> city_tiles;  // fields: the tiles of each of those cities
    const char* rule = "";
    std::string why;
};

struct Event {
    enum Type : uint8_t { TileDrawn, TileDiscarded, TilePlaced, FollowerPlaced, NoFollower, Scored, GameOver };
    Type type;
    int player = -1;
    int tile_type = -1;
    Placement at{};
    int spot = -1;
    Scoring scoring{};
};

struct PlacedTile {
    uint8_t type = 0, rot = 0;
    int16_t x = 0, y = 0;
};

struct Follower {
    uint8_t tile = 0;   // placed-tile index
    int8_t spot = -1;   // segment index, kCloisterSpot, or -1 when in supply
};

class Game {
public:
    // A new game: the start tile (a D, CAR-2.1) in the middle and the other 71 tiles shuffled.
    static Game create(const Options& options, uint64_t seed);
    // A game whose face-down tiles are exactly `bag` in draw order (tests and scripted scenarios).
    static Game with_bag(const Options& options, const std::vector<int>& bag);

    const Options& options() const { return opt_; }
    int players() const { return opt_.players; }
    Phase phase() const { return phase_; }
    bool over() const { return phase_ == Phase::Over; }
    int current_player() const { return current_; }
    // The type drawn and shown (CAR-4.1) while it waits to be placed; -1 otherwise.
    int current_tile() const { return phase_ == Phase::Place ? tile_ : -1; }
    int bag_left() const { return bag_size_ - bag_pos_; }
    int score(int p) const { return score_[p]; }
    // Seats with the most points: the winners once over (ties share the victory, CAR-8.9).
    std::vector<int> leaders() const;
    int supply(int p) const;
    int turn() const { return turn_; }

    // Tiles on the table.
    int placed_count() const { return n_placed_; }
    const PlacedTile& placed(int i) const { return placed_[i]; }
    int tile_at(int x, int y) const;  // placed-tile index or -1
    int last_placed() const { return last_; }
    int discarded_count() const { return n_discarded_; }
    int discarded(int i) const { return discarded_[i]; }  // types put aside (CAR-4.4), in order
    // Types still face down, per type (public: 72 minus everything shown; the order is hidden).
    std::array<int, kTileTypes> unseen_counts() const;

    // Followers: slot k of player p (k < 7).
    const Follower& follower(int p, int k) const { return fol_[p][k]; }

    // Placing (phase Place).
    bool fits(const Placement& pl) const;  // CAR-4.2 and CAR-4.3 for the current tile
    void legal_placements(std::vector<Placement>& out) const;
    std::optional<Error> place(const Placement& pl, std::vector<Event>* events);
    // Deploying (phase Follower): spot = segment index or kCloisterSpot; -1 = no follower.
    void legal_spots(std::vector<int>& out) const;
    std::optional<Error> check_spot(int spot) const;
    std::optional<Error> deploy(int spot, std::vector<Event>* events);

    // Features (for views, bots and tests).
    int seg_id(int tile_index, int segment) const { return tile_index * kMaxSegments + segment; }
    int find(int seg) const;
    bool seg_exists(int seg) const;
    Kind seg_kind(int seg) const;
    bool complete(int seg) const { return open_[find(seg)] == 0; }
    int open_edges(int seg) const { return open_[find(seg)]; }
    int feature_tiles(int seg) const;  // distinct tiles
    int feature_pennants(int seg) const;
    void feature_tile_list(int seg, std::vector<int>& out) const;
    int followers_on(int seg, int player) const { return meeples_[find(seg)][player]; }
    int followers_on(int seg) const;
    int cloister_neighbours(int tile_index) const;  // 0..8 tiles around it
    // Completed cities (roots) a field borders (CAR-7.4), each once, ascending.
    void field_cities(int field_seg, std::vector<int>& out) const;

    // Replaces the order of the face-down tiles with a fresh shuffle (GameRules::determinize).
    void reshuffle_bag(uint64_t seed);

    // Fast random play for benchmarks, tests and playouts: a random fitting placement (rejection
    // sampling, then the full list), then a random spot or none. Returns false when over.
    bool random_step(Rng& rng);

private:
    void start(const Options& options);
    void put_tile(int type, const Placement& pl);
    void end_turn(std::vector<Event>* events);
    void draw(std::vector<Event>* events);
    bool fits_anywhere(int type) const;
    void add_frontier(int cell);
    void score_completed(std::vector<Event>* events);
    void score_feature(int root, bool final, std::vector<Event>* events);
    void score_cloister(int tile_index, bool final, std::vector<Event>* events);
    void return_followers(int root);
    void final_scoring(std::vector<Event>* events);
    void finish(std::vector<Event>* events);
    int unite(int a, int b);
    static int cell_of(int x, int y) { return (y + kOrigin) * Cells::kRow + (x + kOrigin); }
    static int cell_x(int cell) { return cell % Cells::kRow - kOrigin; }
    static int cell_y(int cell) { return cell / Cells::kRow - kOrigin; }

    Options opt_{};
    Phase phase_ = Phase::Place;
    int current_ = 0;
    int tile_ = -1;
    int turn_ = 0;
    int last_ = -1;
    int n_placed_ = 0;
    int bag_size_ = 0, bag_pos_ = 0;
    std::array<uint8_t, kTilesTotal> bag_{};
    std::array<int, kMaxPlayers> score_{};
    std::array<std::array<Follower, kFollowersEach>, kMaxPlayers> fol_{};
    std::array<PlacedTile, kTilesTotal> placed_{};
    std::array<uint8_t, kTilesTotal> discarded_{};
    int n_discarded_ = 0;
    // Union-find over segments (tile index × 8 + segment), members as circular lists.
    mutable std::array<uint16_t, kMaxSeg> parent_{};
    std::array<uint16_t, kMaxSeg> next_{};
    std::array<int8_t, kMaxSeg> open_{};   // road/city: unmatched side ends; 0 = complete
    std::array<std::array<uint8_t, kMaxPlayers>, kMaxSeg> meeples_{};
    std::array<uint8_t, kMaxSeg> meeple_total_{};
    // Board: 0 empty, 1..72 placed-tile index + 1, kFrontier + k the empty cell next to a tile held
    // in frontier slot k (so a cell finds its slot without a search). Each tile removes one frontier
    // cell and adds at most three, so at most 4 + 2 × 71 slots are ever used.
    static constexpr int kFrontier = kTilesTotal + 1;
    static_assert(kFrontier + 4 + 2 * (kTilesTotal - 1) <= 255);
    static bool is_tile(uint8_t v) { return v != 0 && v < kFrontier; }
    // place() after its checks: random_step calls it for placements it found fitting.
    void place_checked(const Placement& pl, std::vector<Event>* events);
    Cells grid_;
    static_assert(kGrid <= 160 && (kGrid - 1) * Cells::kRow + kGrid - 1 <= 0xFFFF);  // Cells' blocks; front_
    std::array<uint16_t, 4 * kTilesTotal> front_{};  // frontier cells
    std::array<uint8_t, 4 * kTilesTotal> fmask_{}, fval_{};  // required edges per frontier cell
    int n_front_ = 0;
};

}  // namespace hexhall::carcassonne
