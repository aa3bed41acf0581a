// Game records: text round trip, parse errors and replay (docs/record-format.md).
#include <catch2/catch.hpp>

#include "games/catan/engine/engine.hpp"
#include "games/catan/engine/random_play.hpp"
#include "games/catan/engine/record.hpp"
#include "games/catan/engine/view.hpp"

using namespace hexhall::catan;

namespace {

// Plays a random game, recording every applied action (the HK map-study end included).
GameRecord random_record(const GameOptions& o, uint64_t seed) {
    GameRecord rec;
    rec.options = o;
    rec.seed = seed;
    GameState s;
    REQUIRE(new_game(o, seed, s));
    Rng rng = make_rng(seed + 77);
    LegalActions la;
    while (s.phase != Phase::GameOver && rec.actions.size() < 100000) {
        Action a;
        if (s.phase == Phase::MapStudy) a.type = ActionType::BeginPlacement;
        else a = random_legal_action(s, next_decider(s), rng, la);
        REQUIRE(apply(s, a));
        rec.actions.push_back(a);
    }
    return rec;
}

void require_same_views(const GameState& a, const GameState& b) {
    for (int seat = kSpectator; seat < a.options.players; ++seat) REQUIRE(make_view(a, seat) == make_view(b, seat));
    for (int k = 0; k < 4; ++k) REQUIRE(a.rng.s[k] == b.rng.s[k]);
}

}  // namespace

TEST_CASE("record: action lines round trip, omitting default fields", "[record]") {
    Action a;
    a.type = ActionType::BuildRoad;
    a.seat = 2;
    a.location = 17;
    CHECK(action_to_text(a) == "buildRoad seat=2 loc=17");

    Action t;
    t.type = ActionType::BankTrade;
    t.seat = 1;
    t.give = {4, 0, 0, 0, 0};
    t.get = {0, 0, 0, 0, 1};
    CHECK(action_to_text(t) == "bankTrade seat=1 give=4,0,0,0,0 get=0,0,0,0,1");

    Action m;
    m.type = ActionType::MoveRobber;
    m.seat = 3;
    m.location = 0;
    m.target = 0;
    m.targets = 5;
    m.resource = Resource::Ore;
    CHECK(action_to_text(m) == "moveRobber seat=3 target=0 targets=5 res=4");

    for (const Action& x : {a, t, m}) {
        Action back;
        REQUIRE(action_from_text(action_to_text(x), back));
        CHECK(back == x);
    }
    // Every action type's name parses back to that type.
    for (int i = 0; i < kActionTypes; ++i) {
        ActionType type{};
        REQUIRE(parse_action_type(action_name(static_cast<ActionType>(i)), type));
        CHECK(static_cast<int>(type) == i);
    }
    ActionType dummy{};
    CHECK_FALSE(parse_action_type("flyAway", dummy));
    // Resource names are accepted too.
    Action y;
    REQUIRE(action_from_text("playMonopoly seat=1 res=grain", y));
    CHECK(y.type == ActionType::PlayMonopoly);
    CHECK(y.resource == Resource::Grain);
}

TEST_CASE("record: header round trip for every option", "[record]") {
    Rng rng = make_rng(5);
    GameRecord r;
    r.options.players = 3;
    r.options.map = MapKind::Explicit;
    r.options.board = random_board(rng, NumberPlacement::Random);
    r.options.number_placement = NumberPlacement::Random;
    r.options.mode = TradeBuildMode::Combined;
    r.options.ruleset = Ruleset::HK2024;
    r.options.victory_points = 12;
    r.options.starting_seat = 2;
    r.seed = 18446744073709551615ull;
    const std::string text = to_text(r);
    CHECK(text.rfind("hexhall-record 1\n", 0) == 0);
    GameRecord back;
    std::string err;
    REQUIRE(from_text(text, back, &err));
    CHECK(back.options.players == 3);
    CHECK(back.options.map == MapKind::Explicit);
    REQUIRE(back.options.board);
    CHECK(*back.options.board == *r.options.board);
    CHECK(back.options.number_placement == NumberPlacement::Random);
    REQUIRE(back.options.mode);
    CHECK(*back.options.mode == TradeBuildMode::Combined);
    CHECK(back.options.ruleset == Ruleset::HK2024);
    CHECK(back.options.victory_points == 12);
    CHECK(back.options.starting_seat == 2);
    CHECK(back.seed == r.seed);
    CHECK(back.actions.empty());
    CHECK(to_text(back) == text);

    // Defaults: no mode line, no board line.
    GameRecord d;
    d.seed = 3;
    const std::string dt = to_text(d);
    CHECK(dt.find("mode") == std::string::npos);
    CHECK(dt.find("board") == std::string::npos);
    GameRecord dback;
    REQUIRE(from_text(dt, dback));
    CHECK_FALSE(dback.options.mode);
    CHECK_FALSE(dback.options.board);
    CHECK(dback.options.map == MapKind::Random);
}

TEST_CASE("record: parse errors name the line", "[record]") {
    GameRecord r;
    std::string err;
    CHECK_FALSE(from_text("", r, &err));
    CHECK_FALSE(from_text("hexhall-record 2\nseed 1\n", r, &err));
    CHECK(err.find("line 1") != std::string::npos);
    CHECK_FALSE(from_text("hexhall-record 1\nplayers 5\nseed 1\n", r, &err));
    CHECK(err.find("line 2") != std::string::npos);
    CHECK_FALSE(from_text("hexhall-record 1\nrollDice seat=0\n", r, &err));  // no seed yet
    CHECK_FALSE(from_text("hexhall-record 1\nseed 1\nflyAway seat=0\n", r, &err));
    CHECK(err.find("line 3") != std::string::npos);
    CHECK_FALSE(from_text("hexhall-record 1\nseed 1\nbuildRoad seat=0 loc=300\n", r, &err));
    CHECK_FALSE(from_text("hexhall-record 1\nseed 1\nbankTrade seat=0 give=4,0,0,0\n", r, &err));
    CHECK_FALSE(from_text("hexhall-record 1\nseed 1\nrollDice seat=0\nplayers 3\n", r, &err));  // header after actions
    CHECK_FALSE(from_text("hexhall-record 1\nmap explicit\nseed 1\n", r, &err));  // explicit map without board
    // Comments, blank lines and CRLF are fine.
    CHECK_FALSE(from_text("hexhall-record 1\nseed 9\nrollDice seat=1 # the roll\n", r, &err));  // whole-line comments only
    REQUIRE(from_text("# a game\r\nhexhall-record 1\r\n\r\nseed 9\r\nrollDice seat=1\r\n", r, &err));
    CHECK(r.seed == 9);
    REQUIRE(r.actions.size() == 1);
    CHECK(r.actions[0].type == ActionType::RollDice);
    CHECK(r.actions[0].seat == 1);
}

TEST_CASE("record: a recorded game replays to the identical state", "[record]") {
    GameOptions o;
    o.players = 4;
    o.map = MapKind::Random;
    const GameRecord rec = random_record(o, 42);
    GameState direct;
    REQUIRE(replay(rec, direct));
    REQUIRE(direct.phase == Phase::GameOver);

    GameRecord back;
    std::string err;
    REQUIRE(from_text(to_text(rec), back, &err));
    REQUIRE(back.actions == rec.actions);
    GameState replayed;
    REQUIRE(replay(back, replayed, &err));
    require_same_views(direct, replayed);

    // HK 2024 with its map-study referee action.
    Rng brng = make_rng(8);
    GameOptions hk;
    hk.players = 3;
    hk.map = MapKind::Explicit;
    hk.board = random_board(brng, NumberPlacement::Random);
    hk.ruleset = Ruleset::HK2024;
    const GameRecord hrec = random_record(hk, 7);
    REQUIRE(hrec.actions.front().type == ActionType::BeginPlacement);
    GameRecord hback;
    REQUIRE(from_text(to_text(hrec), hback, &err));
    GameState a, b;
    REQUIRE(replay(hrec, a));
    REQUIRE(replay(hback, b));
    require_same_views(a, b);
}

TEST_CASE("record: replay reports the first rejected action", "[record]") {
    GameRecord r;
    r.options.map = MapKind::Starter;
    r.seed = 1;
    Action roll;
    roll.type = ActionType::RollDice;  // nobody rolls during setup
    r.actions.push_back(roll);
    GameState s;
    std::string err;
    CHECK_FALSE(replay(r, s, &err));
    CHECK(err.find("action 0") != std::string::npos);
    CHECK(err.find("CAT-5.3") != std::string::npos);

    GameRecord bad;
    bad.options.players = 5;
    CHECK_FALSE(replay(bad, s, &err));
    CHECK(err.find("bad options") != std::string::npos);
}
