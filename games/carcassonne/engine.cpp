#include "games/carcassonne/engine.hpp"

#include <algorithm>
#include <bit>

namespace hexhall::carcassonne {
namespace {

constexpr int kDelta[4] = {-Cells::kRow, 1, Cells::kRow, -1};  // N E S W

int edge_on(uint8_t code, int side) { return (code >> (2 * side)) & 3; }

std::string players_text(const std::array<int, kMaxPlayers>& followers, int players, int best) {
    std::string out;
    int n = 0;
    for (int p = 0; p < players; ++p)
        if (followers[p] == best && best > 0) {
            out += (n++ ? ", " : "") + std::to_string(p);
        }
    return (n > 1 ? "players " : "player ") + out;
}

}  // namespace

// ---------------------------------------------------------------------------------------- setup

void Game::start(const Options& options) {
    opt_ = options;
    current_ = options.first_player;
    for (auto& slots : fol_)
        for (auto& f : slots) f = Follower{};
    put_tile(kStartType, Placement{0, 0, 0});  // CAR-2.1
}

Game Game::create(const Options& options, uint64_t seed) {
    Game g;
    g.start(options);
    int n = 0;
    for (int t = 0; t < kTileTypes; ++t)
        for (int k = 0; k < tile_def(t).count - (t == kStartType ? 1 : 0); ++k) g.bag_[n++] = static_cast<uint8_t>(t);
    g.bag_size_ = n;  // 71
    Rng rng(seed);
    core::fisher_yates(g.bag_.data(), n, [&rng](uint32_t k) { return rng.below(k); });
    g.draw(nullptr);
    return g;
}

Game Game::with_bag(const Options& options, const std::vector<int>& bag) {
    Game g;
    g.start(options);
    g.bag_size_ = static_cast<int>(std::min<size_t>(bag.size(), kTilesTotal - 1));
    for (int i = 0; i < g.bag_size_; ++i) g.bag_[i] = static_cast<uint8_t>(bag[i]);
    g.draw(nullptr);
    return g;
}

void Game::reshuffle_bag(uint64_t seed) {
    Rng rng(seed);
    core::fisher_yates(bag_.data() + bag_pos_, bag_size_ - bag_pos_, [&rng](uint32_t k) { return rng.below(k); });
}

// ------------------------------------------------------------------------------------- queries

int Game::supply(int p) const {
    int n = 0;
    for (const Follower& f : fol_[p]) n += f.spot < 0;
    return n;
}

std::vector<int> Game::leaders() const {
    int best = -1;
    for (int p = 0; p < opt_.players; ++p) best = std::max(best, score_[p]);
    std::vector<int> out;
    for (int p = 0; p < opt_.players; ++p)
        if (score_[p] == best) out.push_back(p);
    return out;
}

int Game::tile_at(int x, int y) const {
    if (x <= -kOrigin || x >= kGrid - kOrigin - 1 || y <= -kOrigin || y >= kGrid - kOrigin - 1) return -1;
    const uint8_t v = grid_[cell_of(x, y)];
    return is_tile(v) ? v - 1 : -1;
}

std::array<int, kTileTypes> Game::unseen_counts() const {
    std::array<int, kTileTypes> out{};
    for (int i = bag_pos_; i < bag_size_; ++i) ++out[bag_[i]];
    return out;
}

int Game::find(int s) const {
    while (parent_[s] != s) {
        parent_[s] = parent_[parent_[s]];
        s = parent_[s];
    }
    return s;
}

bool Game::seg_exists(int seg) const {
    const int t = seg / kMaxSegments;
    return seg >= 0 && t < n_placed_ && seg % kMaxSegments < tile_def(placed_[t].type).segments;
}

Kind Game::seg_kind(int seg) const { return tile_def(placed_[seg / kMaxSegments].type).seg[seg % kMaxSegments].kind; }

int Game::followers_on(int seg) const { return meeple_total_[find(seg)]; }

void Game::feature_tile_list(int seg, std::vector<int>& out) const {
    out.clear();
    uint64_t seen[2] = {0, 0};
    const int root = find(seg);
    int m = root;
    do {
        const int t = m / kMaxSegments;
        if (!(seen[t >> 6] >> (t & 63) & 1)) {
            seen[t >> 6] |= uint64_t{1} << (t & 63);
            out.push_back(t);
        }
        m = next_[m];
    } while (m != root);
    std::sort(out.begin(), out.end());
}

int Game::feature_tiles(int seg) const {
    uint64_t seen[2] = {0, 0};
    const int root = find(seg);
    int m = root;
    do {
        const int t = m / kMaxSegments;
        seen[t >> 6] |= uint64_t{1} << (t & 63);
        m = next_[m];
    } while (m != root);
    return std::popcount(seen[0]) + std::popcount(seen[1]);
}

int Game::feature_pennants(int seg) const {
    int n = 0;
    const int root = find(seg);
    int m = root;
    do {
        n += tile_def(placed_[m / kMaxSegments].type).seg[m % kMaxSegments].pennant;
        m = next_[m];
    } while (m != root);
    return n;
}

int Game::cloister_neighbours(int tile_index) const {
    const int c = cell_of(placed_[tile_index].x, placed_[tile_index].y);
    int n = 0;
    for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
            if (dx == 0 && dy == 0) continue;
            const uint8_t v = grid_[c + dy * Cells::kRow + dx];
            n += is_tile(v);
        }
    return n;
}

void Game::field_cities(int field_seg, std::vector<int>& out) const {
    out.clear();
    const int root = find(field_seg);
    int m = root;
    do {
        const int t = m / kMaxSegments;
        const uint8_t touches = tile_def(placed_[t].type).seg[m % kMaxSegments].touches;
        for (int i = 0; i < kMaxSegments; ++i)
            if (touches >> i & 1) {
                const int city = find(t * kMaxSegments + i);
                if (open_[city] == 0 && std::find(out.begin(), out.end(), city) == out.end()) out.push_back(city);
            }
        m = next_[m];
    } while (m != root);
    std::sort(out.begin(), out.end());
}

// ------------------------------------------------------------------------------- tile placement

bool Game::fits(const Placement& pl) const {
    if (phase_ != Phase::Place || pl.rot < 0 || pl.rot > 3) return false;
    if (pl.x <= -kOrigin || pl.x >= kGrid - kOrigin - 1 || pl.y <= -kOrigin || pl.y >= kGrid - kOrigin - 1) return false;
    const int cell = cell_of(pl.x, pl.y);
    if (grid_[cell] < kFrontier) return false;
    const int k = grid_[cell] - kFrontier;
    return (rotated(tile_, pl.rot).code & fmask_[k]) == fval_[k];
}

bool Game::fits_anywhere(int type) const {
    uint8_t codes[4];
    for (int r = 0; r < 4; ++r) codes[r] = rotated(type, r).code;
    for (int k = 0; k < n_front_; ++k)
        for (int r = 0; r < 4; ++r)
            if ((codes[r] & fmask_[k]) == fval_[k]) return true;
    return false;
}

void Game::legal_placements(std::vector<Placement>& out) const {
    out.clear();
    if (phase_ != Phase::Place) return;
    for (int k = 0; k < n_front_; ++k) {
        const int x = cell_x(front_[k]), y = cell_y(front_[k]);
        for (int r = 0; r < 4; ++r)
            if ((rotated(tile_, r).code & fmask_[k]) == fval_[k]) out.push_back({x, y, r});
    }
    std::sort(out.begin(), out.end(), [](const Placement& a, const Placement& b) {
        return a.y != b.y ? a.y < b.y : a.x != b.x ? a.x < b.x : a.rot < b.rot;
    });
}

void Game::add_frontier(int cell) {
    grid_.set(cell, static_cast<uint8_t>(kFrontier + n_front_));
    front_[n_front_] = static_cast<uint16_t>(cell);
    fmask_[n_front_] = 0;
    fval_[n_front_] = 0;
    ++n_front_;
}

int Game::unite(int a, int b) {
    int ra = find(a), rb = find(b);
    if (ra == rb) return ra;
    if (rb < ra) std::swap(ra, rb);
    parent_[rb] = static_cast<uint16_t>(ra);
    open_[ra] = static_cast<int8_t>(open_[ra] + open_[rb]);
    for (int p = 0; p < kMaxPlayers; ++p) meeples_[ra][p] = static_cast<uint8_t>(meeples_[ra][p] + meeples_[rb][p]);
    meeple_total_[ra] = static_cast<uint8_t>(meeple_total_[ra] + meeple_total_[rb]);
    std::swap(next_[ra], next_[rb]);  // splice the two member rings
    return ra;
}

void Game::put_tile(int type, const Placement& pl) {
    const int idx = n_placed_++;
    placed_[idx] = PlacedTile{static_cast<uint8_t>(type), static_cast<uint8_t>(pl.rot), static_cast<int16_t>(pl.x),
                              static_cast<int16_t>(pl.y)};
    const int cell = cell_of(pl.x, pl.y);
    if (grid_[cell] >= kFrontier) {  // the last slot moves into the freed one
        const int k = grid_[cell] - kFrontier;
        --n_front_;
        front_[k] = front_[n_front_];
        fmask_[k] = fmask_[n_front_];
        fval_[k] = fval_[n_front_];
        grid_.set(front_[k], static_cast<uint8_t>(kFrontier + k));
    }
    grid_.set(cell, static_cast<uint8_t>(idx + 1));
    const TileDef& def = tile_def(type);
    const RotatedTile& rt = rotated(type, pl.rot);
    for (int i = 0; i < def.segments; ++i) {
        const int s = idx * kMaxSegments + i;
        parent_[s] = static_cast<uint16_t>(s);
        next_[s] = static_cast<uint16_t>(s);
        open_[s] = static_cast<int8_t>(std::popcount(static_cast<unsigned>(rt.sides[i])));
        meeples_[s] = {};
        meeple_total_[s] = 0;
    }
    for (int side = 0; side < 4; ++side) {
        const int ncell = cell + kDelta[side];
        const int opp = (side + 2) % 4;
        const uint8_t v = grid_[ncell];
        if (!is_tile(v)) {
            int k = n_front_;
            if (v == 0) add_frontier(ncell);
            else k = v - kFrontier;
            fmask_[k] |= static_cast<uint8_t>(3 << (2 * opp));
            fval_[k] |= static_cast<uint8_t>(edge_on(rt.code, side) << (2 * opp));
            continue;
        }
        const int j = v - 1;
        const RotatedTile& nrt = rotated(placed_[j].type, placed_[j].rot);
        if (rt.side_seg[side] >= 0) {
            const int r = unite(idx * kMaxSegments + rt.side_seg[side], j * kMaxSegments + nrt.side_seg[opp]);
            open_[r] = static_cast<int8_t>(open_[r] - 2);
        }
        for (int k = 0; k < 2; ++k) {
            const int p = 2 * side + k, q = 2 * opp + (1 - k);
            if (rt.port_seg[p] >= 0) unite(idx * kMaxSegments + rt.port_seg[p], j * kMaxSegments + nrt.port_seg[q]);
        }
    }
}

std::optional<Error> Game::place(const Placement& pl, std::vector<Event>* events) {
    if (phase_ == Phase::Over) return Error{"CAR-8.1", "the game is over: every tile has been used"};
    if (phase_ != Phase::Place)
        return Error{"CAR-3.1", "the tile is already placed; deploy a follower or pass first"};
    if (pl.rot < 0 || pl.rot > 3) return Error{"CAR-4.3", "rotation must be 0, 1, 2 or 3 quarter turns clockwise"};
    if (pl.x <= -kOrigin || pl.x >= kGrid - kOrigin - 1 || pl.y <= -kOrigin || pl.y >= kGrid - kOrigin - 1)
        return Error{"CAR-4.2", "the position does not touch any placed tile"};
    const int cell = cell_of(pl.x, pl.y);
    if (is_tile(grid_[cell])) return Error{"CAR-4.2", "that position already holds a tile"};
    if (grid_[cell] < kFrontier)
        return Error{"CAR-4.2", "the tile must share at least one full edge with a placed tile (corners do not count)"};
    if (!fits(pl)) {
        const uint8_t code = rotated(tile_, pl.rot).code;
        for (int side = 0; side < 4; ++side) {
            const int j = tile_at(pl.x + (side == 1) - (side == 3), pl.y + (side == 2) - (side == 0));
            if (j < 0) continue;
            const int theirs = edge_on(rotated(placed_[j].type, placed_[j].rot).code, (side + 2) % 4);
            if (theirs != edge_on(code, side)) {
                static const char* names[3] = {"field", "road", "city"};
                return Error{"CAR-4.3", std::string("the ") + kSideNames[side] + " edge shows " +
                                            names[edge_on(code, side)] + " but the neighbouring tile shows " +
                                            names[theirs]};
            }
        }
        return Error{"CAR-4.3", "the edges do not match"};
    }
    place_checked(pl, events);
    return std::nullopt;
}

void Game::place_checked(const Placement& pl, std::vector<Event>* events) {
    put_tile(tile_, pl);
    last_ = n_placed_ - 1;
    if (events) {
        Event e{Event::TilePlaced};
        e.player = current_;
        e.tile_type = tile_;
        e.at = pl;
        events->push_back(std::move(e));
    }
    phase_ = Phase::Follower;
    int n = 0;
    if (supply(current_) > 0) {
        const TileDef& def = tile_def(tile_);
        for (int i = 0; i < def.segments; ++i) n += meeple_total_[find(last_ * kMaxSegments + i)] == 0;
        n += def.cloister;
    }
    if (n == 0) {  // nothing to decide: CAR-5.5 or every feature occupied (CAR-5.3)
        if (events) {
            Event e{Event::NoFollower};
            e.player = current_;
            events->push_back(std::move(e));
        }
        end_turn(events);
    }
}

// ------------------------------------------------------------------------------------ followers

void Game::legal_spots(std::vector<int>& out) const {
    out.clear();
    if (phase_ != Phase::Follower || supply(current_) == 0) return;
    const TileDef& def = tile_def(placed_[last_].type);
    for (int i = 0; i < def.segments; ++i)
        if (meeple_total_[find(last_ * kMaxSegments + i)] == 0) out.push_back(i);
    if (def.cloister) out.push_back(kCloisterSpot);
}

std::optional<Error> Game::check_spot(int spot) const {
    if (phase_ == Phase::Over) return Error{"CAR-8.1", "the game is over"};
    if (phase_ != Phase::Follower) return Error{"CAR-3.1", "place the tile before deploying a follower"};
    if (spot == -1) return std::nullopt;
    if (supply(current_) == 0) return Error{"CAR-5.5", "no follower left in supply"};
    const TileDef& def = tile_def(placed_[last_].type);
    if (spot == kCloisterSpot) {
        if (!def.cloister) return Error{"CAR-5.2", "the placed tile has no cloister"};
        return std::nullopt;
    }
    if (spot < 0 || spot >= def.segments)
        return Error{"CAR-5.1", "a follower goes only on a feature of the tile just placed"};
    if (meeple_total_[find(last_ * kMaxSegments + spot)] != 0)
        return Error{"CAR-5.3", std::string("that ") + kind_name(def.seg[spot].kind) +
                                    " is connected to a part that already holds a follower"};
    return std::nullopt;
}

std::optional<Error> Game::deploy(int spot, std::vector<Event>* events) {
    if (auto err = check_spot(spot)) return err;
    if (spot == -1) {
        if (events) {
            Event e{Event::NoFollower};
            e.player = current_;
            events->push_back(std::move(e));
        }
    } else {
        for (Follower& f : fol_[current_])
            if (f.spot < 0) {
                f.tile = static_cast<uint8_t>(last_);
                f.spot = static_cast<int8_t>(spot);
                break;
            }
        if (spot != kCloisterSpot) {
            const int r = find(last_ * kMaxSegments + spot);
            ++meeples_[r][current_];
            ++meeple_total_[r];
        }
        if (events) {
            Event e{Event::FollowerPlaced};
            e.player = current_;
            e.tile_type = placed_[last_].type;
            e.at = Placement{placed_[last_].x, placed_[last_].y, placed_[last_].rot};
            e.spot = spot;
            events->push_back(std::move(e));
        }
    }
    end_turn(events);
    return std::nullopt;
}

// -------------------------------------------------------------------------------------- scoring

void Game::return_followers(int root) {
    for (int p = 0; p < opt_.players; ++p)
        for (Follower& f : fol_[p])
            if (f.spot >= 0 && f.spot != kCloisterSpot && find(f.tile * kMaxSegments + f.spot) == root) f.spot = -1;
    meeples_[root] = {};
    meeple_total_[root] = 0;
}

void Game::score_feature(int root, bool final, std::vector<Event>* events) {
    const Kind kind = seg_kind(root);
    const auto& m = meeples_[root];
    int best = 0;
    for (int p = 0; p < opt_.players; ++p) best = std::max<int>(best, m[p]);
    const int tiles = feature_tiles(root);
    const int pennants = kind == Kind::City ? feature_pennants(root) : 0;
    int points = 0;
    const char* rule = "";
    std::string why;
    const bool want_text = events != nullptr;
    if (kind == Kind::Road) {
        points = tiles;
        rule = final ? "CAR-8.2" : "CAR-6.2";
        if (want_text)
            why = std::string(final ? "unfinished road: " : "completed road: ") + std::to_string(tiles) +
                  " tiles × 1 = " + std::to_string(points);
    } else if (!final) {
        if (tiles == 2 && opt_.rules.tiny_city != 4) {
            points = opt_.rules.tiny_city;
            rule = "CAR-6.5";
            if (want_text) why = "completed two-tile city scores " + std::to_string(points);
        } else {
            points = 2 * tiles + 2 * pennants;
            rule = "CAR-6.4";
            if (want_text)
                why = "completed city: " + std::to_string(tiles) + " tiles × 2 + " + std::to_string(pennants) +
                      " pennants × 2 = " + std::to_string(points);
        }
    } else {
        points = tiles + opt_.rules.unfinished_pennant * pennants;
        rule = pennants > 0 ? "CAR-8.3" : "CAR-8.2";
        if (want_text)
            why = "unfinished city: " + std::to_string(tiles) + " tiles × 1 + " + std::to_string(pennants) +
                  " pennants × " + std::to_string(opt_.rules.unfinished_pennant) + " = " + std::to_string(points);
    }
    std::array<int, kMaxPlayers> gained{};
    for (int p = 0; p < opt_.players; ++p)
        if (best > 0 && m[p] == best) {
            gained[p] = points;
            score_[p] += points;
        }
    if (events) {
        Event e{Event::Scored};
        Scoring& s = e.scoring;
        s.kind = kind;
        s.complete = !final;
        s.final = final;
        s.feature = root;
        s.tiles = tiles;
        s.pennants = pennants;
        for (int p = 0; p < opt_.players; ++p) s.followers[p] = m[p];
        s.points = gained;
        feature_tile_list(root, s.tile_indices);
        s.rule = rule;
        int holders = 0;
        for (int p = 0; p < opt_.players; ++p) holders += m[p] > 0;
        s.why = why + "; majority (CAR-6.7): " + players_text(s.followers, opt_.players, best) + " with " +
                std::to_string(best) + (best == 1 ? " follower" : " followers") +
                (holders > 1 ? " among " + std::to_string(holders) + " occupying players" : "");
        events->push_back(std::move(e));
    }
    return_followers(root);
}

void Game::score_cloister(int tile_index, bool final, std::vector<Event>* events) {
    int owner = -1;
    for (int p = 0; p < opt_.players && owner < 0; ++p)
        for (Follower& f : fol_[p])
            if (f.spot == kCloisterSpot && f.tile == tile_index) {
                owner = p;
                f.spot = -1;
                break;
            }
    if (owner < 0) return;
    const int around = cloister_neighbours(tile_index);
    const int points = 1 + around;
    score_[owner] += points;
    if (events) {
        Event e{Event::Scored};
        Scoring& s = e.scoring;
        s.kind = Kind::Cloister;
        s.complete = !final;
        s.final = final;
        s.feature = tile_index;
        s.tiles = points;
        s.followers[owner] = 1;
        s.points[owner] = points;
        s.tile_indices.push_back(tile_index);
        const PlacedTile& c = placed_[tile_index];
        for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx) {
                const int j = (dx || dy) ? tile_at(c.x + dx, c.y + dy) : -1;
                if (j >= 0) s.tile_indices.push_back(j);
            }
        s.rule = final ? "CAR-8.2" : "CAR-6.6";
        s.why = final ? "unfinished cloister: 1 + " + std::to_string(around) + " surrounding tiles = " +
                            std::to_string(points)
                      : "completed cloister: itself + 8 surrounding tiles = 9";
        events->push_back(std::move(e));
    }
}

void Game::score_completed(std::vector<Event>* events) {
    const PlacedTile& t = placed_[last_];
    const TileDef& def = tile_def(t.type);
    for (int i = 0; i < def.segments; ++i) {
        if (def.seg[i].kind == Kind::Field) continue;
        const int r = find(last_ * kMaxSegments + i);
        if (open_[r] == 0 && meeple_total_[r] > 0) score_feature(r, false, events);  // CAR-6.9
    }
    for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
            const int j = tile_at(t.x + dx, t.y + dy);
            if (j >= 0 && tile_def(placed_[j].type).cloister && cloister_neighbours(j) == 8)
                score_cloister(j, false, events);
        }
}

void Game::end_turn(std::vector<Event>* events) {
    score_completed(events);  // CAR-3.1 step 3, after the follower (CAR-5.7)
    current_ = (current_ + 1) % opt_.players;
    ++turn_;
    phase_ = Phase::Place;
    draw(events);
}

void Game::draw(std::vector<Event>* events) {
    while (bag_pos_ < bag_size_) {
        const int t = bag_[bag_pos_++];
        if (fits_anywhere(t)) {
            tile_ = t;
            if (events) {
                Event e{Event::TileDrawn};
                e.player = current_;
                e.tile_type = t;
                events->push_back(std::move(e));
            }
            return;
        }
        discarded_[n_discarded_++] = static_cast<uint8_t>(t);  // CAR-4.4
        if (events) {
            Event e{Event::TileDiscarded};
            e.player = current_;
            e.tile_type = t;
            events->push_back(std::move(e));
        }
    }
    finish(events);  // CAR-8.1
}

void Game::final_scoring(std::vector<Event>* events) {
    // Step 1 (CAR-8.2, CAR-8.8): unfinished roads, cities and cloisters, followers taken back.
    for (int p = 0; p < opt_.players; ++p)
        for (int k = 0; k < kFollowersEach; ++k) {
            const Follower f = fol_[p][k];
            if (f.spot < 0) continue;
            if (f.spot == kCloisterSpot) {
                score_cloister(f.tile, true, events);
                continue;
            }
            const int r = find(f.tile * kMaxSegments + f.spot);
            if (seg_kind(r) != Kind::Field && meeple_total_[r] > 0) score_feature(r, true, events);
        }
    // Step 2 (CAR-8.5, CAR-8.6): fields and their lords.
    std::vector<int> fields;
    for (int p = 0; p < opt_.players; ++p)
        for (const Follower& f : fol_[p])
            if (f.spot >= 0 && f.spot != kCloisterSpot) {
                const int r = find(f.tile * kMaxSegments + f.spot);
                if (std::find(fields.begin(), fields.end(), r) == fields.end()) fields.push_back(r);
            }
    std::array<std::vector<int>, kMaxPlayers> credited;  // cities a player already scored (CAR-8.6)
    std::vector<int> cities;
    for (int field : fields) {
        const auto& m = meeples_[field];
        int best = 0;
        for (int p = 0; p < opt_.players; ++p) best = std::max<int>(best, m[p]);
        field_cities(field, cities);
        std::array<int, kMaxPlayers> gained{};
        bool skipped = false;
        for (int p = 0; p < opt_.players; ++p) {
            if (m[p] != best) continue;
            for (int c : cities) {
                if (!opt_.rules.field_per_field) {
                    if (std::find(credited[p].begin(), credited[p].end(), c) != credited[p].end()) {
                        skipped = true;
                        continue;
                    }
                    credited[p].push_back(c);
                }
                gained[p] += 3;
            }
            score_[p] += gained[p];
        }
        if (events) {
            Event e{Event::Scored};
            Scoring& s = e.scoring;
            s.kind = Kind::Field;
            s.final = true;
            s.feature = field;
            s.tiles = feature_tiles(field);
            for (int p = 0; p < opt_.players; ++p) s.followers[p] = m[p];
            s.points = gained;
            feature_tile_list(field, s.tile_indices);
            s.cities = cities;
            for (int c : cities) {
                s.city_tiles.emplace_back();
                feature_tile_list(c, s.city_tiles.back());
            }
            s.rule = skipped ? "CAR-8.6" : "CAR-8.5";
            s.why = "field: lord " + players_text(s.followers, opt_.players, best) + " with " + std::to_string(best) +
                    (best == 1 ? " farmer" : " farmers") + "; " + std::to_string(cities.size()) +
                    " completed cities bordering × 3";
            if (skipped) s.why += "; a city already scored by the same player from another field counts once (CAR-8.6)";
            events->push_back(std::move(e));
        }
    }
}

void Game::finish(std::vector<Event>* events) {
    tile_ = -1;
    phase_ = Phase::Over;
    final_scoring(events);
    if (events) events->push_back(Event{Event::GameOver});
}

// ---------------------------------------------------------------------------------- random play

bool Game::random_step(Rng& rng) {
    if (phase_ == Phase::Place) {
        bool done = false;
        for (int attempt = 0; attempt < 8 && !done; ++attempt) {
            const int k = static_cast<int>(rng.below(static_cast<uint32_t>(n_front_)));
            const int r = static_cast<int>(rng.below(4));
            if ((rotated(tile_, r).code & fmask_[k]) == fval_[k]) {
                place_checked(Placement{cell_x(front_[k]), cell_y(front_[k]), r}, nullptr);
                done = true;
            }
        }
        if (!done) {
            int fitting = 0;
            for (int k = 0; k < n_front_; ++k)
                for (int r = 0; r < 4; ++r) fitting += (rotated(tile_, r).code & fmask_[k]) == fval_[k];
            int pick = static_cast<int>(rng.below(static_cast<uint32_t>(fitting)));
            for (int k = 0; k < n_front_ && !done; ++k)
                for (int r = 0; r < 4 && !done; ++r)
                    if ((rotated(tile_, r).code & fmask_[k]) == fval_[k] && pick-- == 0) {
                        place_checked(Placement{cell_x(front_[k]), cell_y(front_[k]), r}, nullptr);
                        done = true;
                    }
        }
        return !over();
    }
    if (phase_ == Phase::Follower) {
        int spots[kMaxSegments + 1];
        int n = 0;
        const TileDef& def = tile_def(placed_[last_].type);
        for (int i = 0; i < def.segments; ++i)
            if (meeple_total_[find(last_ * kMaxSegments + i)] == 0) spots[n++] = i;
        if (def.cloister) spots[n++] = kCloisterSpot;
        const int pick = static_cast<int>(rng.below(static_cast<uint32_t>(n + 1)));
        deploy(pick == n ? -1 : spots[pick], nullptr);
        return !over();
    }
    return false;
}

}  // namespace hexhall::carcassonne
