// Sync property: for random games, every seat's and the spectator's patch, applied to the previous
// view JSON, gives exactly the next snapshot's view, and the digest matches.
#include <catch2/catch.hpp>

#include <vector>

#include "games/catan/protocol/view_stream.hpp"
#include "games/catan/tests/protocol/helpers.hpp"
#include "games/catan/tests/random_game.hpp"

using namespace hexhall;
using namespace hexhall::catan;
using namespace hexhall::protocol;

namespace {

struct Totals {
    uint64_t games = 0, actions = 0, patches = 0, ops = 0, events = 0, offer_ops = 0, warning_ops = 0;
};

void run_games(uint64_t first, uint64_t count, Totals& t) {
    LegalActions la;
    EventList ev;
    for (uint64_t g = first; g < first + count; ++g) {
        // Even games: uniformly random legal play. Odd games: the property tests' main line, which
        // adds domestic offers, counter-offers and responses, timeouts, referee warnings (and so
        // disqualifications) and the HK 2024 ruleset on an explicit board.
        const bool everything = g % 2 == 1;
        Rng rng = make_rng(g * 7919 + 13);
        GameOptions options = test::varied_options(g);
        if (everything) {
            const int vp = options.victory_points;
            options = test::random_options(rng, static_cast<int>(g));
            options.victory_points = vp;
        }
        GameState s;
        REQUIRE(new_game(options, 1000 + g, s));
        // The streams share a ViewCache, as a server would; in every fifth game a second set of streams
        // without the cache must produce byte-identical messages.
        ViewCache cache;
        const bool compare_uncached = g % 5 == 0;
        std::vector<ViewStream> streams, plain, texts, plain_texts;
        std::vector<json> views;
        for (int seat = 0; seat < s.options.players; ++seat) streams.emplace_back(seat);
        streams.emplace_back(kSpectator);
        // patch_text must give exactly the bytes of patch().dump(), with the cache (every game) and
        // without it (every fifth game).
        texts = streams;
        for (ViewStream& st : texts) st.snapshot(s);
        if (compare_uncached) {
            plain = streams;
            for (ViewStream& st : plain) st.snapshot(s);
            plain_texts = plain;
        }
        for (ViewStream& st : streams) {
            json snap = st.snapshot(s);
            REQUIRE(snap["version"] == 0);
            REQUIRE(snap["digest"] == view_digest(snap["catan"]["view"]));
            views.push_back(std::move(snap["catan"]["view"]));
        }
        int n = 0;
        while (s.phase != Phase::GameOver && n < 20000) {
            const Action a = everything ? test::next_action(s, rng, la) : test::random_step(s, rng, la);
            ev.clear();
            REQUIRE(apply(s, a, &ev));
            ++n;
            for (size_t k = 0; k < streams.size(); ++k) {
                const json p = streams[k].patch(s, ev, 0, &cache);
                const std::string text = p.dump();
                REQUIRE(texts[k].patch_text(s, ev, 0, &cache) == text);
                if (compare_uncached) {
                    REQUIRE(text == plain[k].patch(s, ev).dump());
                    REQUIRE(text == plain_texts[k].patch_text(s, ev));
                }
                const int seat = streams[k].seat();
                REQUIRE(p["from"].get<uint64_t>() + 1 == p["to"].get<uint64_t>());
                views[k].patch_inplace(p["ops"]);
                // The next snapshot, built from scratch (no caches):
                const json fresh = view_json(make_view(s, seat));
                if (views[k] != fresh) {
                    INFO("game " << g << " action " << n << " seat " << seat << "\nops " << p["ops"].dump());
                    REQUIRE(views[k] == fresh);
                }
                REQUIRE(p["digest"].get_ref<const std::string&>() == view_digest(views[k]));
                // Events are exactly the visible ones.
                REQUIRE(p["catan"]["events"] == events_json(ev, seat));
                ++t.patches;
                for (const json& op : p["ops"]) {
                    const std::string& path = op["path"].get_ref<const std::string&>();
                    if (path.rfind("/offer", 0) == 0) ++t.offer_ops;
                    if (path.find("/warnings") != std::string::npos) ++t.warning_ops;
                }
                t.ops += p["ops"].size();
                t.events += p["catan"]["events"].size();
            }
        }
        REQUIRE(s.phase == Phase::GameOver);
        t.actions += static_cast<uint64_t>(n);
        ++t.games;
    }
}

}  // namespace

// 500 games in four parts, each its own ctest test so that they run in parallel (tests/CMakeLists.txt).
// Under the sanitizers (10-20x slower) each part plays 5 games instead of 125.
#if defined(__SANITIZE_ADDRESS__)
constexpr uint64_t kGamesPerPart = 5;
#else
constexpr uint64_t kGamesPerPart = 125;
#endif

void run_part(int part) {
    Totals t;
    run_games(static_cast<uint64_t>(part - 1) * 1000, kGamesPerPart, t);
    WARN("sync part " << part << ": " << t.games << " games, " << t.actions << " actions, " << t.patches
                      << " patches checked (" << t.offer_ops << " trade-offer ops, " << t.warning_ops
                      << " referee-warning ops)");
    // The odd games reach the trade offer and referee warnings, so those diffs are checked too.
    if (kGamesPerPart >= 100) {
        CHECK(t.offer_ops > 0);
        CHECK(t.warning_ops > 0);
    }
}

TEST_CASE("sync part 1", "[protocol][sync]") { run_part(1); }
TEST_CASE("sync part 2", "[protocol][sync]") { run_part(2); }
TEST_CASE("sync part 3", "[protocol][sync]") { run_part(3); }
TEST_CASE("sync part 4", "[protocol][sync]") { run_part(4); }

TEST_CASE("a snapshot mid-game equals the stream's patched view", "[protocol][sync]") {
    GameState s;
    REQUIRE(new_game(GameOptions{}, 77, s));
    Rng rng = make_rng(5);
    LegalActions la;
    EventList ev;
    ViewStream a(1), b(1);
    a.snapshot(s);
    for (int i = 0; i < 200; ++i) {
        ev.clear();
        apply(s, test::random_step(s, rng, la), &ev);
        a.patch(s, ev);
    }
    const json snap = b.snapshot(s, 42);
    CHECK(snap["id"] == 42);
    CHECK(snap["catan"]["view"] == a.view());
    CHECK(snap["digest"] == a.digest());
}

TEST_CASE("patch_text with a clock equals the JSON patch with a \"clock\" member", "[protocol][sync]") {
    GameState s;
    REQUIRE(new_game(test::varied_options(3), 1003, s));
    Rng rng = make_rng(17);
    LegalActions la;
    EventList ev;
    ViewCache cache;
    ViewStream a(1), b(1);
    a.snapshot(s);
    b.snapshot(s);
    const json clock = {{"seat", 1}, {"deadline", int64_t{1700000000123}}, {"kind", "turn"}, {"warnAt", int64_t{1700000000000}}};
    for (int n = 0; n < 50 && s.phase != Phase::GameOver; ++n) {
        ev.clear();
        REQUIRE(apply(s, test::random_step(s, rng, la), &ev));
        json p = a.patch(s, ev);
        p["clock"] = clock;
        REQUIRE(b.patch_text(s, ev, 0, &cache, clock.dump()) == p.dump());
    }
}
