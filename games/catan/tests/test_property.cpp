// Property tests over thousands of seeded games of random legal play: conservation laws,
// recomputed scores, legal-action soundness, clean rejections, record round trips, determinism.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "games/catan/engine/engine.hpp"
#include "games/catan/engine/random_play.hpp"
#include "games/catan/engine/record.hpp"
#include "games/catan/engine/view.hpp"
#include "games/catan/tests/random_game.hpp"

using namespace hexhall::catan;
using hexhall::test::next_action;
using hexhall::test::random_counter;
using hexhall::test::random_held;
using hexhall::test::random_offer;
using hexhall::test::random_options;

namespace {

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kSanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif
#else
constexpr bool kSanitized = false;
#endif

// Where the main loop is, for failure messages (filled in cheaply, printed only on failure).
struct Context {
    int game = -1, step = -1;
    Action last{};
    bool has_last = false;
} context;

std::string where() {
    std::string out = "game " + std::to_string(context.game) + " step " + std::to_string(context.step);
    if (context.has_last) out += " after " + action_to_text(context.last);
    return out;
}

// A cheap REQUIRE for the hot loops (millions of checks): Catch only hears about failures.
#define ENSURE(...)                                                                  \
    do {                                                                             \
        if (!(__VA_ARGS__)) FAIL(where() << ": invariant failed: " #__VA_ARGS__); \
    } while (false)

constexpr int kGames = 2000;
constexpr int kFullyCheckedGames = 200;           // every step checked in these games
const int kSampleEvery = kSanitized ? 25 : 10;     // then every n-th step
constexpr int kMaxActions = 20000;

constexpr std::array<int, kDevCardTypes> kDeckCounts{14, 2, 2, 2, 5};  // CAT-1.7, in DevCard order

bool is_rule_id(const char* id) {  // ^(CAT|HK)-[0-9]+\.[0-9]+$
    std::string s = id ? id : "";
    size_t i;
    if (s.rfind("CAT-", 0) == 0) i = 4;
    else if (s.rfind("HK-", 0) == 0) i = 3;
    else return false;
    auto digits = [&] {
        const size_t start = i;
        while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
        return i > start;
    };
    if (!digits()) return false;
    if (i >= s.size() || s[i] != '.') return false;
    ++i;
    return digits() && i == s.size();
}

// The longest trail by brute force: from both ends of every road, every continuation.
int reference_longest(const EdgeSet& roads, IntersectionSet blocked) {
    const Geometry& g = geometry();
    EdgeSet used;
    auto from = [&](auto&& self, int v) -> int {
        if (has_bit(blocked, v)) return 0;
        int best = 0;
        for (int8_t e : g.intersection_edges[v]) {
            if (e == kNone || !roads.has(e) || used.has(e)) continue;
            used.set(e);
            const int w = g.edge_ends[e][0] == v ? g.edge_ends[e][1] : g.edge_ends[e][0];
            best = std::max(best, 1 + self(self, w));
            used.clear(e);
        }
        return best;
    };
    int best = 0;
    for (int e = 0; e < kEdges; ++e) {
        if (!roads.has(e)) continue;
        for (int k = 0; k < 2; ++k) {
            used = {};
            used.set(e);
            best = std::max(best, 1 + from(from, g.edge_ends[e][1 - k]));
        }
    }
    return best;
}

IntersectionSet opponents_of(const GameState& s, int seat) {
    IntersectionSet mine = s.players[seat].settlements | s.players[seat].cities;
    return s.occupied & ~mine;
}

using PlayCounts = std::array<int, kDevCardTypes>;

void count_plays(const EventList& ev, size_t from, PlayCounts& played) {
    for (size_t i = from; i < ev.size(); ++i)
        if (ev[i].type == EventType::DevCardPlayed) ++played[static_cast<int>(ev[i].card)];
}

// Every conservation law and recomputed score. `played` counts cards played, from the events.
void check_invariants(const GameState& s, const PlayCounts& played, bool deep) {
    const int n = s.options.players;
    // CAT-1.6: 19 cards of each resource, in the bank or in hands.
    for (int r = 0; r < kResourceTypes; ++r) {
        int total = s.bank[r];
        for (int i = 0; i < n; ++i) total += s.players[i].hand[r];
        ENSURE(total == kCardsPerResource);
    }
    // CAT-1.8: 5 settlements, 4 cities, 15 roads each, placed or in supply; no overlaps.
    IntersectionSet occupied = 0;
    EdgeSet roads;
    for (int i = 0; i < n; ++i) {
        const PlayerState& p = s.players[i];
        ENSURE(std::popcount(p.settlements) + p.settlements_left == 5);
        ENSURE(std::popcount(p.cities) + p.cities_left == 4);
        ENSURE(p.roads.count() + p.roads_left == 15);
        ENSURE((p.settlements & p.cities) == 0);
        ENSURE((occupied & (p.settlements | p.cities)) == 0);
        ENSURE((roads & p.roads).empty());
        occupied |= p.settlements | p.cities;
        roads |= p.roads;
    }
    ENSURE(occupied == s.occupied);
    ENSURE(roads == s.all_roads);
    // CAT-1.7: the 25 development cards, per type: in the deck, held, or played.
    ENSURE(s.deck_next <= kDevCards);
    int knights = 0;
    for (int i = 0; i < n; ++i) knights += s.players[i].knights_played;
    ENSURE(knights == played[0]);
    int all = kDevCards - s.deck_next;
    for (int c = 0; c < kDevCardTypes; ++c) {
        int count = played[c];
        for (int k = s.deck_next; k < kDevCards; ++k) count += static_cast<int>(s.deck[k]) == c;
        for (int i = 0; i < n; ++i) {
            count += s.players[i].dev_cards[c];
            all += s.players[i].dev_cards[c];
            ENSURE(s.players[i].dev_bought_now[c] <= s.players[i].dev_cards[c]);
        }
        all += played[c];
        ENSURE(count == kDeckCounts[c]);
    }
    ENSURE(all == kDevCards);
    // CAT-16.1: VP from scratch.
    for (int i = 0; i < n; ++i) {
        const PlayerState& p = s.players[i];
        int vp = std::popcount(p.settlements) + 2 * std::popcount(p.cities) +
                 p.dev_cards[static_cast<int>(DevCard::VictoryPoint)];
        if (s.longest_road_holder == i) vp += 2;
        if (s.largest_army_holder == i) vp += 2;
        ENSURE(victory_points(s, i) == vp);
        ENSURE(public_victory_points(s, i) == vp - p.dev_cards[static_cast<int>(DevCard::VictoryPoint)]);
    }
    // CAT-15: road lengths from scratch, and who holds the card.
    int best = 0, at_best = 0;
    for (int i = 0; i < n; ++i) {
        const PlayerState& p = s.players[i];
        const int len = longest_road(p.roads, opponents_of(s, i));
        ENSURE(len == p.road_length);
        if (deep) ENSURE(reference_longest(p.roads, opponents_of(s, i)) == len);
        if (len > best) best = len, at_best = 1;
        else if (len == best) ++at_best;
    }
    if (s.longest_road_holder >= 0) {
        const int held = s.players[s.longest_road_holder].road_length;
        ENSURE(held >= 5);
        ENSURE(held == best);
    } else {
        // Nobody holds it: no route of 5 or more, a tie for the longest (CAT-15.5, CAT-15.6), or under
        // HK 2024 nobody has yet beaten the length at which the card went back to the supply (HK-9.4).
        const bool hk_bar = s.options.ruleset == Ruleset::HK2024 && best <= s.longest_road_bar;
        ENSURE((best < 5 || at_best >= 2 || hk_bar));
    }
    // CAT-12.4: Largest Army.
    if (s.largest_army_holder >= 0) {
        const int k = s.players[s.largest_army_holder].knights_played;
        ENSURE(k >= 3);
        for (int i = 0; i < n; ++i) ENSURE(s.players[i].knights_played <= k);
    } else {
        for (int i = 0; i < n; ++i) ENSURE(s.players[i].knights_played < 3);
    }
    // CAT-16.4: the game ends as soon as the active player has enough.
    if (s.phase == Phase::GameOver) {
        ENSURE(s.winner >= 0);
        ENSURE(victory_points(s, s.winner) >= s.options.victory_points);
    } else {
        ENSURE(s.winner == -1);
        if (s.turn > 0 && !s.players[s.active].disqualified)
            ENSURE(victory_points(s, s.active) < s.options.victory_points);
    }
    bool owed = false;
    for (int i = 0; i < n; ++i) owed = owed || s.players[i].discard_owed > 0;
    ENSURE(owed == (s.phase == Phase::Discard));
    ENSURE(s.robber < kHexes);
}

struct Views {
    std::array<SeatView, kMaxPlayers + 1> v;
    Views(const GameState& s) {
        for (int seat = kSpectator; seat < s.options.players; ++seat) v[seat + 1] = make_view(s, seat);
    }
    bool same(const GameState& s) const {
        for (int seat = kSpectator; seat < s.options.players; ++seat)
            if (!(make_view(s, seat) == v[seat + 1])) return false;
        return true;
    }
};

bool same_rng(const Rng& a, const Rng& b) {
    return a.s[0] == b.s[0] && a.s[1] == b.s[1] && a.s[2] == b.s[2] && a.s[3] == b.s[3];
}

ResourceCounts random_counts(Rng& rng) {
    ResourceCounts c{};
    const int kinds = static_cast<int>(uniform(rng, 3));
    for (int k = 0; k < kinds; ++k) c[uniform(rng, kResourceTypes)] = static_cast<uint8_t>(uniform(rng, 5));
    if (uniform(rng, 50) == 0) c[uniform(rng, kResourceTypes)] = 255;
    return c;
}

// Any action at all: random type (sometimes not a real one), random seat and fields.
Action random_action(Rng& rng, int players) {
    Action a;
    a.type = static_cast<ActionType>(uniform(rng, kActionTypes + 1));
    a.seat = static_cast<uint8_t>(uniform(rng, 8) == 0 ? uniform(rng, 256) : uniform(rng, players));
    a.location = static_cast<uint8_t>(uniform(rng, 4) == 0 ? uniform(rng, 256) : uniform(rng, 72));
    a.target = static_cast<int8_t>(static_cast<int>(uniform(rng, players + 2)) - 1);
    a.targets = static_cast<uint8_t>(uniform(rng, 32));
    a.resource = static_cast<Resource>(uniform(rng, 7));
    a.give = random_counts(rng);
    a.get = random_counts(rng);
    return a;
}

// A random discard of exactly the owed count, from the hand.
Action random_discard(const GameState& s, int seat, Rng& rng) {
    Action a;
    a.type = ActionType::Discard;
    a.seat = static_cast<uint8_t>(seat);
    ResourceCounts left = s.players[seat].hand;
    for (int k = 0; k < s.players[seat].discard_owed; ++k) {
        const int r = random_held(rng, left);
        --left[r];
        ++a.give[r];
    }
    return a;
}

struct GameResult {
    GameRecord record;
    GameState final_state;
};

// Checks that every listed legal action (and an instance of each family) is accepted, and that
// random other actions are either accepted or rejected cleanly with a rule ID.
void probe(const GameState& s, const PlayCounts& played, Rng& rng, LegalActions& la, int random_probes) {
    const int n = s.options.players;
    for (int seat = 0; seat < n; ++seat) {
        legal_actions(s, seat, la);
        for (const Action& a : la) {
            GameState copy = s;
            const Result r = apply(copy, a);
            if (!r.ok)
                FAIL(where() << ": listed action " << action_to_text(a) << " rejected in phase " << phase_name(s.phase)
                             << ": " << r.rule << " " << r.message);
        }
        if (la.discard) {
            GameState copy = s;
            const Action d = random_discard(s, seat, rng);
            if (!apply(copy, d).ok) FAIL(where() << ": discard family instance rejected: " << action_to_text(d));
        }
        Action f;
        if (la.counter_offer && random_counter(s, seat, rng, f)) {
            GameState copy = s;
            if (!apply(copy, f).ok) FAIL(where() << ": counter-offer family instance rejected: " << action_to_text(f));
        }
        if (la.offer_trade && random_offer(s, rng, f)) {
            GameState copy = s;
            if (!apply(copy, f).ok) FAIL(where() << ": offer family instance rejected: " << action_to_text(f));
        }
    }
    if (random_probes == 0) return;
    const Views before(s);
    for (int k = 0; k < random_probes; ++k) {
        const Action a = random_action(rng, n);
        GameState copy = s;
        EventList ev;
        const Result r = apply(copy, a, &ev);
        if (r.ok) {
            PlayCounts p = played;
            count_plays(ev, 0, p);
            check_invariants(copy, p, false);
        } else {
            if (!is_rule_id(r.rule) || !ev.empty() || !before.same(copy) || !same_rng(copy.rng, s.rng) ||
                copy.actions_applied != s.actions_applied)
                FAIL(where() << ": random action type " << static_cast<int>(a.type) << " seat " << int(a.seat)
                             << " loc " << int(a.location) << " target " << int(a.target) << " in phase "
                             << phase_name(s.phase) << " rejected by '" << r.rule << "' (" << r.message
                             << ") but not cleanly");
        }
    }
}

GameResult play_checked_game(int g, Rng& rng, LegalActions& la) {
    GameResult out;
    GameOptions o = random_options(rng, g);
    const uint64_t seed = next_u64(rng);
    out.record.options = o;
    out.record.seed = seed;
    GameState& s = out.final_state;
    context = Context{};
    context.game = g;
    EventList ev;
    const char* err = nullptr;
    REQUIRE(new_game(o, seed, s, &ev, &err));
    PlayCounts played{};
    const bool full = g < kFullyCheckedGames;
    check_invariants(s, played, true);
    int steps = 0;
    while (s.phase != Phase::GameOver) {
        context.step = steps;
        ENSURE(steps < kMaxActions);  // every game ends
        if (full || steps % kSampleEvery == 0) probe(s, played, rng, la, full ? 1 : 3);
        const Action a = next_action(s, rng, la);
        const size_t mark = ev.size();
        const Result r = apply(s, a, &ev);
        if (!r.ok)
            FAIL(where() << ": chosen action " << action_to_text(a) << " rejected in phase " << phase_name(s.phase)
                         << ": " << r.rule << " " << r.message);
        context.last = a;
        context.has_last = true;
        out.record.actions.push_back(a);
        count_plays(ev, mark, played);
        check_invariants(s, played, full || steps % kSampleEvery == 0);
        ++steps;
    }
    // CAT-16.2: nothing is accepted once the game is over, except the referee's bookkeeping.
    LegalActions none;
    for (int seat = 0; seat < s.options.players; ++seat) {
        legal_actions(s, seat, none);
        REQUIRE(none.count == 0);
        REQUIRE(none.discard == 0);
        REQUIRE_FALSE(awaits(s, seat));
    }
    return out;
}

void require_identical(const GameState& a, const GameState& b) {
    for (int seat = kSpectator; seat < a.options.players; ++seat) REQUIRE(make_view(a, seat) == make_view(b, seat));
    REQUIRE(same_rng(a.rng, b.rng));
    REQUIRE(a.deck == b.deck);
    REQUIRE(a.deck_next == b.deck_next);
    REQUIRE(a.actions_applied == b.actions_applied);
    REQUIRE(a.hk_net == b.hk_net);
    for (int i = 0; i < a.options.players; ++i) {
        REQUIRE(a.players[i].roads == b.players[i].roads);
        REQUIRE(a.players[i].harbors_usable == b.players[i].harbors_usable);
    }
}

}  // namespace

TEST_CASE("property: thousands of random games keep every invariant and replay from their records", "[property]") {
    Rng rng = make_rng(20240601);
    LegalActions la;
    long long actions = 0;
    int hk = 0, three = 0, starter = 0, classic = 0;
    for (int g = 0; g < kGames; ++g) {
        const GameResult game = play_checked_game(g, rng, la);
        actions += static_cast<long long>(game.record.actions.size());
        const ResolvedOptions& o = game.final_state.options;
        hk += o.ruleset == Ruleset::HK2024;
        three += o.players == 3;
        starter += o.map == MapKind::Starter;
        classic += o.mode == TradeBuildMode::Classic;
        // The record round-trips through text and replays to the identical final state.
        const std::string text = to_text(game.record);
        GameRecord back;
        std::string err;
        INFO("game " << g << ": " << err);
        REQUIRE(from_text(text, back, &err));
        REQUIRE(back.actions == game.record.actions);
        REQUIRE(back.seed == game.record.seed);
        GameState replayed;
        REQUIRE(replay(back, replayed, &err));
        require_identical(game.final_state, replayed);
    }
    // The mix really covered every kind of game.
    CHECK(hk > kGames / 5);
    CHECK(three > kGames / 4);
    CHECK(starter > kGames / 5);
    CHECK(classic > kGames / 5);
    CHECK(actions > 100LL * kGames);
}

TEST_CASE("property: longest_road equals a brute-force search on random road sets", "[property][CAT-15.1][CAT-15.2]") {
    const Geometry& g = geometry();
    Rng rng = make_rng(99);
    for (int t = 0; t < 20000; ++t) {
        // A random network grown from a random edge, sometimes in two pieces, plus random blockers.
        EdgeSet roads;
        const int pieces = 1 + static_cast<int>(uniform(rng, 3) == 0);
        for (int p = 0; p < pieces; ++p) {
            int e = static_cast<int>(uniform(rng, kEdges));
            roads.set(e);
            const int len = static_cast<int>(uniform(rng, 15));
            for (int k = 0; k < len; ++k) {
                const int v = g.edge_ends[e][uniform(rng, 2)];
                int8_t next = g.intersection_edges[v][uniform(rng, 3)];
                if (next == kNone) continue;
                roads.set(next);
                if (uniform(rng, 3)) e = next;  // sometimes branch from the same road again
            }
        }
        IntersectionSet blocked = 0;
        const int blockers = static_cast<int>(uniform(rng, 4));
        for (int k = 0; k < blockers; ++k) blocked |= bit(static_cast<int>(uniform(rng, kIntersections)));
        INFO("case " << t);
        REQUIRE(longest_road(roads, blocked) == reference_longest(roads, blocked));
    }
    // A full ring of six roads around one hex is a closed route of 6; with a blocker on it, still 6
    // (it may start and end there), and splitting two opposite corners leaves 3.
    EdgeSet ring;
    for (int k = 0; k < 6; ++k) ring.set(g.hex_side[0][k]);
    CHECK(longest_road(ring, 0) == 6);
    CHECK(longest_road(ring, bit(g.hex_corner[0][0])) == 6);
    CHECK(longest_road(ring, bit(g.hex_corner[0][0]) | bit(g.hex_corner[0][3])) == 3);
    // More roads than one player owns (every edge of the board) still works: with every
    // intersection but the centre hex's corners blocked, a spoke in, round the ring, a spoke out.
    const IntersectionSet everywhere = (uint64_t{1} << kIntersections) - 1;
    CHECK(longest_road(~EdgeSet{}, everywhere) == 1);
    const int centre = hex_id(3, 3);
    const IntersectionSet blocked = everywhere & ~g.hex_corner_mask[centre];
    CHECK(longest_road(~EdgeSet{}, blocked) == reference_longest(~EdgeSet{}, blocked));
    CHECK(longest_road(~EdgeSet{}, blocked) == 7);
}

TEST_CASE("determinism: the same options, seed and actions give the identical game", "[determinism]") {
    Rng rng = make_rng(7);
    LegalActions la;
    for (int g = 0; g < 40; ++g) {
        GameOptions o = random_options(rng, g);
        const uint64_t seed = next_u64(rng);
        GameState a, b;
        EventList ea, eb;
        REQUIRE(new_game(o, seed, a, &ea));
        REQUIRE(new_game(o, seed, b, &eb));
        std::vector<Action> actions;
        while (a.phase != Phase::GameOver) {
            REQUIRE(actions.size() < static_cast<size_t>(kMaxActions));
            const Action x = next_action(a, rng, la);
            REQUIRE(apply(a, x, &ea));
            actions.push_back(x);
        }
        for (const Action& x : actions) REQUIRE(apply(b, x, &eb));
        require_identical(a, b);
        REQUIRE(ea.size() == eb.size());
        for (size_t i = 0; i < ea.size(); ++i) {
            const Event &x = ea[i], &y = eb[i];
            REQUIRE(x.type == y.type);
            REQUIRE(x.visible_to == y.visible_to);
            REQUIRE(x.seat == y.seat);
            REQUIRE(x.other == y.other);
            REQUIRE(x.location == y.location);
            REQUIRE(x.value == y.value);
            REQUIRE(x.resource == y.resource);
            REQUIRE(x.card == y.card);
            REQUIRE(x.dice[0] == y.dice[0]);
            REQUIRE(x.dice[1] == y.dice[1]);
            REQUIRE(x.cards == y.cards);
            REQUIRE(x.cards2 == y.cards2);
        }
        // A different seed gives a different game (the seed really drives the randomness).
        GameState c;
        REQUIRE(new_game(o, seed + 1, c));
        GameState a0;
        REQUIRE(new_game(o, seed, a0));
        REQUIRE_FALSE(same_rng(a0.rng, c.rng));
    }
}
