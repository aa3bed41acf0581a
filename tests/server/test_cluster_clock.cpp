// Several nodes on one PostgreSQL (docs/decisions/017-several-nodes.md): a turn clock across a
// takeover. A timed room on node A, kill -9 of A mid-turn, the players resume on node B: the player
// to move has at least the time they had at the kill (the outage, 2-3 s of lease, is not charged),
// and the clock keeps running on B: when nobody moves, B times the turn out (CAT-17.1).
#include "tests/server/cluster_support.hpp"

#include "server/games.hpp"
#include "tests/server/store_backends.hpp"
#include "tests/server/turn_support.hpp"

using namespace hexhall::test;

namespace {

bool timed_out(const json& patch, int seat) {
    for (const json& e : patch.at("catan").at("events"))
        if (e.at("type") == "timedOut" && e.value("seat", -1) == seat) return true;
    return false;
}

}  // namespace

TEST_CASE("cluster: a turn clock survives a takeover, the outage not charged, and still times out on the new node",
          "[server][crash][cluster][CAT-17.1]") {
    if (!has_postgres()) return;  // several nodes share a PostgreSQL
    Watchdog watchdog(280);
    hexhall::server::register_builtin_games();
    const TestStoreDb store("postgres");
    const auto da = temp_dir("hexhall-clock-a-"), db = temp_dir("hexhall-clock-b-");
    auto a = std::make_unique<ChildServer>(store.flags(), da, node_flags("a"));
    ChildServer b(store.flags(), db, node_flags("b"));

    std::vector<Player> players(4);
    std::string commitment;
    std::mt19937_64 rng(7);
    int acks = 0, active = -1;
    int64_t left_at_kill = 0;  // ms the active player's turn had left when node A died
    start_four(a->port, players, {{"players", 4}, {"vp", 10}, {"clock", "fast"}}, commitment);
    // Past the set-up, a turn in "main" after its roll (not a 7): its 45 s turn clock runs.
    active = play_to_main_turn(players, rng, acks, 3000);
    left_at_kill = players[active].clock.at("deadline").get<int64_t>() - unix_ms_now();
    a->kill_hard();
    const auto killed = std::chrono::steady_clock::now();
    for (Player& p : players) p.c.reset();

    Player& p = players[active];
    const Resumed r = resume_anywhere(p, {b.port});
    const double outage_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - killed).count();
    p.take_snapshot(r.snapshot);
    for (Player& q : players)
        if (q.seat != active) q.take_snapshot(resume_anywhere(q, {b.port}).snapshot);
    REQUIRE(p.clock.is_object());
    CHECK(p.clock.at("seat") == active);
    CHECK(p.clock.at("kind") == "turn");
    const int64_t deadline = p.clock.at("deadline").get<int64_t>();
    const int64_t left_on_b = deadline - unix_ms_now();
    INFO("left at the kill " << left_at_kill << " ms, on node B " << left_on_b << " ms, outage " << outage_ms << " ms");
    // The outage is long enough to show (the lease: 3 s), and it is not charged: the player has at
    // least what they had at the kill (up to the time of the roll, the last stored action), never a
    // fresh 45 s.
    REQUIRE(outage_ms > 1500);
    CHECK(left_on_b >= left_at_kill - 500);
    CHECK(left_on_b <= 45'000);

    // Nobody moves: node B times the turn out at its deadline, and the next player's turn begins.
    for (;;) {
        const json m = p.c->recv();
        if (m.at("type") != "patch") continue;
        p.take_patch(m);
        if (!timed_out(m, active)) continue;
        CHECK(unix_ms_now() >= deadline - 50);
        break;
    }
    CHECK(node_log(db).find("[error]") == std::string::npos);
    std::error_code ec;
    for (const auto& d : {da, db}) std::filesystem::remove_all(d, ec);
}
