// A tournament on several nodes sharing one PostgreSQL (docs/decisions/030-tournaments-on-several-
// nodes.md): real hexhall-server processes with --node-id (ctest store_postgres, tag [crash]; skipped
// on SQLite). The tournament is made on node 1, which runs it; nodes 2 and 3 read it from the store
// and redirect changes to node 1. Node 1 is killed (-9) while its table is mid-game: another node
// takes the tournament over, the table resumes elsewhere and its result reaches the tournament, the
// next round is seated and played once, and every node shows the same final standings. The store
// shows one takeover of the tournament, one room per table, and one result per table.
#include "tests/server/cluster_support.hpp"

#include <set>

#include "server/games.hpp"
#include "tests/server/http_exchange.hpp"
#include "tests/server/store_backends.hpp"

using namespace hexhall::test;

namespace cluster_tournament {

struct Reply {
    int status = 0;
    json body;
    std::string location;  // the Location header ("" when none)
    std::string allow_origin;  // Access-Control-Allow-Origin ("" when none)
    std::string allow_headers;  // Access-Control-Allow-Headers ("" when none)
};

Reply call(uint16_t port, http::verb method, const std::string& target, const json& body = nullptr,
           const std::string& token = "", const std::string& origin = "") {
    const HttpResponse res = http_exchange(port, method, target, body, token, [&](HttpRequestBody& req) {
        if (!origin.empty()) req.set(http::field::origin, origin);
        if (method == http::verb::options) {  // a browser's CORS preflight
            req.set(http::field::access_control_request_method, "POST");
            req.set(http::field::access_control_request_headers, "authorization,content-type");
        }
    });
    Reply r;
    r.status = static_cast<int>(res.result_int());
    r.body = json::parse(res.body(), nullptr, false);
    r.location = std::string(res[http::field::location]);
    r.allow_origin = std::string(res[http::field::access_control_allow_origin]);
    r.allow_headers = std::string(res[http::field::access_control_allow_headers]);
    return r;
}

// As a client would: a 307 is followed (same method and body) to the node that runs the tournament.
Reply send(uint16_t port, const std::string& target, const json& body, const std::string& token, int* redirects = nullptr) {
    Reply r = call(port, http::verb::post, target, body, token);
    if (r.status == 307) {
        if (redirects) ++*redirects;
        const size_t path = r.location.find("/tournaments/");
        REQUIRE(path != std::string::npos);
        r = call(port_of(r.location), http::verb::post, r.location.substr(path), body, token);
    }
    INFO(target << " -> " << r.body.dump());
    CHECK(r.status != 307);  // one redirect reaches the owner
    return r;
}

// A Catan tournament made through the node at `port`, which runs it: what its maker is given.
struct MadeTournament {
    std::string id, organiser, base;  // base: its pages' path, /tournaments/<id>
    json invite;
};

MadeTournament make_tournament(uint16_t port, const std::string& name, int rounds, const std::string& clock_preset) {
    const Reply made = call(port, http::verb::post, "/tournaments",
                            {{"name", name}, {"game", "catan"},
                             {"settings", {{"rounds", rounds}, {"clockPreset", clock_preset}, {"noShowAfterS", 3600}}}});
    INFO(made.body.dump());
    REQUIRE(made.status == 201);
    const std::string id = made.body.at("id");
    return {id, made.body.at("organiserToken"), "/tournaments/" + id, made.body.at("invite")};
}

// Pat registers through the invite link (sent to `port`; a redirect to the owner is followed), from
// `session` when one is given (a logged-in player's entrant is linked to the account).
Reply register_by_invite(uint16_t port, const MadeTournament& t, const std::string& session = "") {
    json body = {{"name", "Pat"}, {"invite", t.invite}};
    if (!session.empty()) body["session"] = session;
    const Reply pat = send(port, t.base + "/entrants", body, "");
    INFO(pat.body.dump());
    REQUIRE(pat.status == 201);
    return pat;
}

json view(uint16_t port, const std::string& id) {
    const Reply v = call(port, http::verb::get, "/tournaments/" + id);
    INFO(v.body.dump());
    REQUIRE(v.status == 200);
    return v.body;
}

bool round_finished(uint16_t port, const std::string& id, int round) {
    const json v = view(port, id);
    return v.at("run").size() >= static_cast<size_t>(round) && v.at("run").at(round - 1).at("status") == "finished";
}

// The entrant checks in (through `port`, redirected to the owner) and takes the reserved seat of its
// table; the table's room may be on another node (`moved`: followed). Returns the seated player.
Player sit(uint16_t port, const std::string& id, const std::string& token, int round) {
    REQUIRE(send(port, "/tournaments/" + id + "/checkin", json::object(), token).status == 200);
    json mine;
    REQUIRE(eventually([&] {
        const Reply me = call(port, http::verb::get, "/tournaments/" + id + "/me", nullptr, token);
        if (me.status != 200) return false;
        for (const json& r : me.body.at("rounds"))
            if (r.at("round") == round && !r.at("room").is_null()) mine = r;
        return !mine.is_null();
    }, 60));
    Player p;
    p.seat = mine.at("gameSeat").get<int>();
    uint16_t at = port;
    for (int hop = 0; hop < 3; ++hop) {
        p.c = std::make_unique<WsClient>(at);
        p.c->hello("Pat");
        p.token = p.c->token;
        p.c->request({{"type", "joinRoom"}, {"invite", mine.at("invite")}, {"seat", p.seat}, {"seatToken", token}});
        json m = p.c->recv();
        std::cerr << "sit round " << round << " port " << at << " mine " << mine.dump() << " first " << m.dump().substr(0, 300) << "\n";
        if (m.at("type") == "moved") {  // the room's owner is another node
            REQUIRE(m.contains("url"));
            at = port_of(m.at("url").get<std::string>());
            continue;
        }
        for (;; m = p.c->recv()) {  // joined, chat, started … until the first snapshot
            INFO(m.dump());
            REQUIRE(m.at("type") != "error");
            if (m.at("type") == "snapshot") {
                std::cerr << "snapshot phase " << m.at("catan").at("view").at("phase") << " version " << m.at("version") << "\n";
                p.take_snapshot(m);
                return p;
            }
        }
    }
    FAIL("the table's room could not be reached");
    return p;
}

// Reads Pat's messages (patches and snapshots applied, chat and the rest passed over) until `until`
// holds for one; returns it.
template <class F>
json read_until(Player& p, F until) {
    for (int guard = 0; guard < 20000; ++guard) {
        json m = p.c->recv();
        if (m.at("type") == "patch") p.take_patch(m);
        else if (m.at("type") == "snapshot") p.take_snapshot(m);
        if (until(m)) return m;
    }
    FAIL("the message awaited never came");
    return json();
}

bool paused_snapshot(const json& m) {
    return m.at("type") == "snapshot" && m.value("clock", json()).is_object() && m.at("clock").value("paused", false);
}

// The flags of a node in these tests: the pages are polled from one address (no per-address or
// per-token limit in the way); the house bots move at once (a person's pace by default).
std::vector<std::string> tournament_flags(const std::string& node, const std::string& lease_ms = "3000") {
    std::vector<std::string> f = node_flags(node);
    f.at(3) = lease_ms;  // --lease-ms
    f.insert(f.end(), {"--tournament-per-address", "10000", "--tournament-per-token", "10000", "--bot-move-ms", "1"});
    return f;
}

json table_of(uint16_t port, const std::string& id) { return view(port, id).at("run").at(0).at("tables").at(0); }

std::string owner_node(const std::string& store, const std::string& id) {
    const auto rows = pg_rows(store, "SELECT node FROM room_owners WHERE room = $1", {"tournament:" + id});
    return rows.empty() ? "" : rows[0][0];
}

size_t count(const std::string& text, const std::string& what) {
    size_t n = 0;
    for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

}  // namespace cluster_tournament

TEST_CASE("cluster: a tournament runs across three nodes; its owner killed mid-round, every round finishes once with the same standings everywhere",
          "[server][crash][cluster][tournament]") {
    namespace ct = cluster_tournament;
    if (!has_postgres()) return;  // several nodes share a PostgreSQL
    Watchdog watchdog(500);
    hexhall::server::register_builtin_games();
    const TestStoreDb store("postgres");
    const auto d1 = temp_dir("hexhall-tnode1-"), d2 = temp_dir("hexhall-tnode2-"), d3 = temp_dir("hexhall-tnode3-");
    // The test polls the pages from one address; the house bots' table is a bot game, paced at a
    // person's pace by default (250 ms a move: minutes a game on a loaded machine): here its bots
    // move at once (tournament_flags).
    const auto flags = [](const std::string& node) { return ct::tournament_flags(node); };
    auto n1 = std::make_unique<ChildServer>(store.flags(), d1, flags("n1"));
    ChildServer n2(store.flags(), d2, flags("n2")), n3(store.flags(), d3, flags("n3"));

    // Made on node 1, which runs it. Pat registers through the invite link; seven house bots.
    const ct::MadeTournament made = ct::make_tournament(n1->port, "Failover cup", 2, "untimed");
    const std::string &id = made.id, &organiser = made.organiser, &base = made.base;
    const std::string pat_token = ct::register_by_invite(n1->port, made).body.at("token");
    {  // A change sent to node 2 is redirected to node 1, the tournament's node (307, its URL).
        const ct::Reply r = ct::call(n2.port, http::verb::post, base + "/entrants", {{"name", "Bot 0"}, {"bot", "heuristic"}}, organiser);
        INFO(r.body.dump());
        REQUIRE(r.status == 307);
        CHECK(r.body.at("error") == "moved");
        CHECK(port_of(r.location) == n1->port);
        CHECK(r.location.ends_with(base + "/entrants"));
    }
    {  // A page served by node 2 (it sends Origin): 409 with the URL (a fetch would follow a 307 and drop
       // Authorization); re-sent there with the same headers, node 1 makes the change. CORS on both.
        const std::string page = "http://127.0.0.1:" + std::to_string(n2.port);
        const ct::Reply pre = ct::call(n1->port, http::verb::options, base + "/entrants", nullptr, "", page);
        CHECK(pre.status == 204);
        CHECK(pre.allow_origin == "*");
        CHECK(pre.allow_headers.find("Authorization") != std::string::npos);
        const json bot = {{"name", "Bot 0"}, {"bot", "heuristic"}};
        const ct::Reply r = ct::call(n2.port, http::verb::post, base + "/entrants", bot, organiser, page);
        INFO(r.body.dump());
        REQUIRE(r.status == 409);
        CHECK(r.body.at("error") == "moved");
        CHECK(r.allow_origin == "*");
        const std::string url = r.body.at("url");
        CHECK(port_of(url) == n1->port);
        const ct::Reply made_there = ct::call(port_of(url), http::verb::post, url.substr(url.find("/tournaments/")), bot, organiser, page);
        INFO(made_there.body.dump());
        CHECK(made_there.status == 201);
        CHECK(made_there.allow_origin == "*");
    }
    int redirects = 0;
    for (int i = 1; i < 7; ++i)
        REQUIRE(ct::send(i % 2 ? n2.port : n3.port, base + "/entrants",
                         {{"name", "Bot " + std::to_string(i)}, {"bot", "heuristic"}}, organiser, &redirects).status == 201);
    CHECK(redirects == 6);
    {  // Every node reads the same tournament (nodes 2 and 3 from the store).
        const json v1 = ct::view(n1->port, id), v2 = ct::view(n2.port, id), v3 = ct::view(n3.port, id);
        CHECK(v1.at("tournament").at("entrants").size() == 8);
        CHECK(v2.at("tournament") == v1.at("tournament"));
        CHECK(v3.at("tournament") == v1.at("tournament"));
        CHECK(v2.at("rev") == v1.at("rev"));
        CHECK(v3.at("rev") == v1.at("rev"));
    }
    REQUIRE(ct::send(n3.port, base + "/rounds", json::object(), organiser).status == 201);
    REQUIRE(ct::send(n2.port, base + "/rounds/1/start", json::object(), organiser).status == 200);

    // Pat plays a while at the table (its room on node 1, which made it) ...
    Player p = ct::sit(n2.port, id, pat_token, 1);
    std::mt19937_64 rng(5);
    int moves = 0;
    play_until(p, rng, [&] { return ++moves > 40 || p.view.at("phase") == "gameOver"; }, 200000);
    REQUIRE(p.view.at("phase") != "gameOver");  // mid-round: Pat's table is still playing
    // ... when node 1 is killed. Pat resumes on another node; the game and the round finish.
    n1->kill_hard();
    p.c.reset();
    const uint64_t version = p.version;
    const Resumed resumed = resume_anywhere(p, {n2.port, n3.port});
    p.take_snapshot(resumed.snapshot);
    CHECK(p.version >= version);  // nothing acknowledged lost (the bots may have moved on since)
    play_until(p, rng, [&] { return p.view.at("phase") == "gameOver"; }, 200000);
    p.c->close();
    REQUIRE(eventually([&] { return ct::round_finished(n3.port, id, 1); }, 120));

    // Round 2, seated and started through the surviving nodes, plays once.
    REQUIRE(ct::send(n2.port, base + "/rounds", json::object(), organiser).status == 201);
    REQUIRE(ct::send(n3.port, base + "/rounds/2/start", json::object(), organiser).status == 200);
    Player p2 = ct::sit(n3.port, id, pat_token, 2);
    play_until(p2, rng, [&] { return p2.view.at("phase") == "gameOver"; }, 200000);
    p2.c->close();
    REQUIRE(eventually([&] { return ct::round_finished(n2.port, id, 2) && ct::round_finished(n3.port, id, 2); }, 120));

    // The same final standings on both nodes: every entrant played two games.
    const ct::Reply s2 = ct::call(n2.port, http::verb::get, base + "/standings");
    const ct::Reply s3 = ct::call(n3.port, http::verb::get, base + "/standings");
    REQUIRE(s2.status == 200);
    REQUIRE(s3.status == 200);
    INFO(s2.body.dump());
    CHECK(s2.body == s3.body);
    CHECK(s2.body.at("final") == true);
    CHECK(s2.body.at("individual").size() == 8);
    for (const json& x : s2.body.at("individual")) CHECK(x.at("games") == 2);
    const json v2 = ct::view(n2.port, id), v3 = ct::view(n3.port, id);
    CHECK(v2.at("tournament") == v3.at("tournament"));
    CHECK(v2.at("rev") == v3.at("rev"));

    // From the store: one takeover (epoch 2, a surviving node); one room per table, the rooms the
    // tournament shows; one result per table.
    const auto owner = pg_rows(store.location, "SELECT node, epoch FROM room_owners WHERE room = $1", {"tournament:" + id});
    REQUIRE(owner.size() == 1);
    CHECK((owner[0][0] == "n2" || owner[0][0] == "n3"));
    CHECK(owner[0][1] == "2");
    std::set<std::string> shown;
    for (const json& r : v2.at("run"))
        for (const json& t : r.at("tables")) {
            REQUIRE(t.at("room").is_string());
            shown.insert(t.at("room").get<std::string>());
            CHECK(t.at("result").is_object());
        }
    CHECK(shown.size() == 4);  // two rounds of two tables
    std::set<std::string> stored_rooms;
    for (const auto& row : pg_rows(store.location, "SELECT id, state FROM rooms", {})) {
        stored_rooms.insert(row[0]);
        CHECK(row[1] == "finished");
    }
    CHECK(stored_rooms == shown);  // no table opened twice
    std::set<std::pair<int, int>> results;
    const auto parts = pg_rows(store.location,
                               "SELECT body FROM document_parts WHERE kind = 'tournament' AND id = $1 "
                               "AND part LIKE '/tournament/results#%'",
                               {id});
    for (const auto& row : parts) {
        const json r = json::parse(row[0]);
        results.insert({r.at("round").get<int>(), r.at("table").get<int>()});
    }
    CHECK(parts.size() == 4);
    CHECK(results.size() == 4);  // each table's result once
    // The nodes' logs agree: each table opened once, each round finished once, in all three.
    std::string logs;
    for (const auto& d : {d1, d2, d3}) logs += node_log(d);
    CHECK(ct::count(logs, "plays in room") == 4);
    CHECK(ct::count(logs, "tournament " + id + ": round 1 finished") == 1);
    CHECK(ct::count(logs, "tournament " + id + ": round 2 finished") == 1);
    CHECK(ct::count(logs, "tournament " + id + ": run by node") == 1);  // one takeover
    for (const auto& d : {d2, d3}) {
        const std::string log = node_log(d);
        INFO(log.substr(log.size() > 4000 ? log.size() - 4000 : 0));
        CHECK(log.find("[error]") == std::string::npos);
    }
    std::error_code ec;
    for (const auto& d : {d1, d2, d3}) std::filesystem::remove_all(d, ec);
}

// A referee's pause is kept with the table's room (its stored referee log): when the table's node dies
// and another node takes the table over, the clocks there stay frozen ("Paused by the referee": the
// room's clockPaused) until the referee resumes it through the tournament's new owner.
TEST_CASE("cluster: a referee's pause survives the table's takeover by another node; resume works on the new owner",
          "[server][crash][cluster][tournament]") {
    namespace ct = cluster_tournament;
    if (!has_postgres()) return;  // several nodes share a PostgreSQL
    Watchdog watchdog(300);
    hexhall::server::register_builtin_games();
    const TestStoreDb store("postgres");
    const auto d1 = temp_dir("hexhall-tpause1-"), d2 = temp_dir("hexhall-tpause2-");
    auto n1 = std::make_unique<ChildServer>(store.flags(), d1, ct::tournament_flags("n1"));
    ChildServer n2(store.flags(), d2, ct::tournament_flags("n2"));

    // One table: Pat and three house bots, a relaxed clock (casual), made and run on node 1.
    const ct::MadeTournament made = ct::make_tournament(n1->port, "Pause cup", 1, "casual");
    const std::string &id = made.id, &organiser = made.organiser, &base = made.base;
    const ct::Reply pat = ct::register_by_invite(n1->port, made);
    for (int i = 0; i < 3; ++i)
        REQUIRE(ct::send(n1->port, base + "/entrants", {{"name", "Bot " + std::to_string(i)}, {"bot", "heuristic"}}, organiser).status == 201);
    const ct::Reply ref = ct::send(n1->port, base + "/referees", {{"name", "Rex"}}, organiser);
    REQUIRE(ref.status == 201);
    const std::string rex = ref.body.at("token");
    REQUIRE(ct::send(n1->port, base + "/rounds", json::object(), organiser).status == 201);
    REQUIRE(ct::send(n1->port, base + "/rounds/1/start", json::object(), organiser).status == 200);
    const std::string pat_token = pat.body.at("token");
    Player p = ct::sit(n1->port, id, pat_token, 1);
    if (!p.clock.is_object()) ct::read_until(p, [&](const json&) { return p.clock.is_object(); });  // a clock runs

    // The referee pauses the table: every seat gets a frozen clock.
    const json pause = {{"round", 1}, {"table", 1}, {"kind", "pause"}};
    const ct::Reply paused = ct::send(n1->port, base + "/referee", pause, rex);
    INFO(paused.body.dump());
    REQUIRE(paused.status == 201);
    CHECK(paused.body.at("atTable") == "applied");
    ct::read_until(p, ct::paused_snapshot);
    CHECK(ct::table_of(n1->port, id).at("clockPaused") == true);

    // Node 1 dies; node 2 takes the table (and the tournament) over: the clocks are still paused.
    n1->kill_hard();
    p.c.reset();
    const Resumed resumed = resume_anywhere(p, {n2.port});
    INFO(resumed.snapshot.dump().substr(0, 600));
    p.take_snapshot(resumed.snapshot);
    REQUIRE(p.clock.is_object());
    CHECK(p.clock.value("paused", false) == true);
    REQUIRE(eventually([&] { return ct::owner_node(store.location, id) == "n2"; }, 60));
    CHECK(ct::table_of(n2.port, id).at("clockPaused") == true);  // what the players' room shows

    // The referee resumes it through the new owner: the clocks run again.
    const int64_t resumed_at = unix_ms_now();
    const ct::Reply resume = ct::send(n2.port, base + "/referee", {{"round", 1}, {"table", 1}, {"kind", "resume"}}, rex);
    INFO(resume.body.dump());
    REQUIRE(resume.status == 201);
    CHECK(resume.body.at("atTable") == "applied");
    const json running = ct::read_until(p, [](const json& m) {
        return m.at("type") == "snapshot" && m.value("clock", json()).is_object() && !m.at("clock").contains("paused");
    });
    CHECK(running.at("clock").at("deadline").get<int64_t>() > resumed_at);
    CHECK(ct::table_of(n2.port, id).at("clockPaused") == false);
    p.c->close();
    const std::string log = node_log(d2);
    INFO(log.substr(log.size() > 4000 ? log.size() - 4000 : 0));
    CHECK(log.find("clocks stay paused by the referee") != std::string::npos);
    CHECK(log.find("[error]") == std::string::npos);
    std::error_code ec;
    for (const auto& d : {d1, d2}) std::filesystem::remove_all(d, ec);
}

// A table that ends on a node that no longer runs its tournament (the tournament moved, the table
// stayed): its result reaches the tournament's owner, and its game the profile of the entrant's
// linked account, once. Node 1 runs both until the tournament's owner row is handed to nobody (as a
// stopped node's) while node 1 is frozen: node 2 adopts the tournament, node 1 keeps the table
// (its lease of 30 s still holds) and drops the tournament when it wakes.
TEST_CASE("cluster: a table that ends on a node not running its tournament reaches the linked account's profile once",
          "[server][crash][cluster][tournament]") {
    namespace ct = cluster_tournament;
    if (!has_postgres()) return;  // several nodes share a PostgreSQL
    Watchdog watchdog(300);
    hexhall::server::register_builtin_games();
    const TestStoreDb store("postgres");
    const auto d1 = temp_dir("hexhall-tprofile1-"), d2 = temp_dir("hexhall-tprofile2-");
    ChildServer n1(store.flags(), d1, ct::tournament_flags("n1", "30000"));
    ChildServer n2(store.flags(), d2, ct::tournament_flags("n2"));

    const ct::MadeTournament made = ct::make_tournament(n1.port, "Profile cup", 1, "untimed");
    const std::string &id = made.id, &organiser = made.organiser, &base = made.base;
    // Pat has an account and enters logged in: the entrant is linked to it. Pat then plays from a
    // guest session (another device): only the link brings the game to the account.
    WsClient lobby(n1.port);
    lobby.hello("guest");
    const json sent = lobby.request({{"type", "register"}, {"name", "Pat"}, {"password", "Pat password"}});
    json answer;
    do answer = lobby.recv();
    while (!answer.contains("id") || answer.at("id") != sent.at("id"));
    REQUIRE(answer.at("type") == "account");
    const ct::Reply pat = ct::register_by_invite(n1.port, made, lobby.token);
    REQUIRE(pat.body.at("account").is_object());
    for (int i = 0; i < 3; ++i)
        REQUIRE(ct::send(n1.port, base + "/entrants", {{"name", "Bot " + std::to_string(i)}, {"bot", "heuristic"}}, organiser).status == 201);
    REQUIRE(ct::send(n1.port, base + "/rounds", json::object(), organiser).status == 201);
    REQUIRE(ct::send(n1.port, base + "/rounds/1/start", json::object(), organiser).status == 200);
    const std::string pat_token = pat.body.at("token");
    Player p = ct::sit(n1.port, id, pat_token, 1);
    const std::string room = ct::table_of(n1.port, id).at("room");
    std::mt19937_64 rng(11);
    int moves = 0;
    play_until(p, rng, [&] { return ++moves > 20 || p.view.at("phase") == "gameOver"; }, 200000);
    REQUIRE(p.view.at("phase") != "gameOver");

    // The tournament moves to node 2; the table stays on node 1.
    REQUIRE(::kill(n1.pid, SIGSTOP) == 0);
    REQUIRE(pg_rows(store.location, "UPDATE room_owners SET node = '', epoch = epoch + 1 WHERE room = $1 RETURNING epoch",
                    {"tournament:" + id}).size() == 1);
    REQUIRE(eventually([&] { return ct::owner_node(store.location, id) == "n2"; }, 60));
    REQUIRE(::kill(n1.pid, SIGCONT) == 0);
    REQUIRE(eventually([&] { return node_log(d1).find("tournament " + id + ": another node runs it now") != std::string::npos; }, 60));
    CHECK(pg_rows(store.location, "SELECT node FROM room_owners WHERE room = $1", {room}).at(0).at(0) == "n1");

    // Pat finishes the game on node 1 (on a new connection: the last move's ack may still be on its
    // way on the first one); node 2 collects the result from the store.
    p.c->close();
    p.c.reset();
    p.take_snapshot(resume_anywhere(p, {n1.port}).snapshot);
    play_until(p, rng, [&] { return p.view.at("phase") == "gameOver"; }, 200000);
    p.c->close();
    REQUIRE(eventually([&] { return ct::round_finished(n2.port, id, 1); }, 120));
    CHECK(ct::table_of(n2.port, id).at("result").is_object());

    // The game is in Pat's profile, once.
    int status = 0;
    json page;
    const bool listed = eventually([&] {
        page = json::parse(http_get(n1.port, "/players/Pat", status));
        return status == 200 && page.value("played", 0) >= 1;
    }, 60);
    INFO(page.dump());
    REQUIRE(listed);
    CHECK(page.at("played") == 1);
    CHECK(page.at("games").at(0).at("room") == room);
    CHECK(pg_rows(store.location, "SELECT count(*) FROM rooms WHERE id = $1 AND state = 'finished'", {room}).at(0).at(0) == "1");
    const std::string log = node_log(d2);
    INFO(log.substr(log.size() > 4000 ? log.size() - 4000 : 0));
    CHECK(log.find("[error]") == std::string::npos);
    std::error_code ec;
    for (const auto& d : {d1, d2}) std::filesystem::remove_all(d, ec);
}

// The tournament and its table on different nodes (docs/decisions/030, "A table on another node"):
// the referee pauses through the tournament's owner; the table is handed over to it (as at a
// shutdown: its clients told `moved` there), paused there, and its player resumes there.
TEST_CASE("cluster: a referee's pause at a table another node serves brings the table to the tournament's owner",
          "[server][crash][cluster][tournament]") {
    namespace ct = cluster_tournament;
    if (!has_postgres()) return;  // several nodes share a PostgreSQL
    Watchdog watchdog(300);
    hexhall::server::register_builtin_games();
    const TestStoreDb store("postgres");
    const auto d1 = temp_dir("hexhall-tfetch1-"), d2 = temp_dir("hexhall-tfetch2-");
    ChildServer n1(store.flags(), d1, ct::tournament_flags("n1", "30000"));
    ChildServer n2(store.flags(), d2, ct::tournament_flags("n2"));

    const ct::MadeTournament made = ct::make_tournament(n1.port, "Fetch cup", 1, "casual");
    const std::string &id = made.id, &organiser = made.organiser, &base = made.base;
    const ct::Reply pat = ct::register_by_invite(n1.port, made);
    for (int i = 0; i < 3; ++i)
        REQUIRE(ct::send(n1.port, base + "/entrants", {{"name", "Bot " + std::to_string(i)}, {"bot", "heuristic"}}, organiser).status == 201);
    const ct::Reply ref = ct::send(n1.port, base + "/referees", {{"name", "Rex"}}, organiser);
    REQUIRE(ref.status == 201);
    const std::string rex = ref.body.at("token");
    REQUIRE(ct::send(n1.port, base + "/rounds", json::object(), organiser).status == 201);
    REQUIRE(ct::send(n1.port, base + "/rounds/1/start", json::object(), organiser).status == 200);
    Player p = ct::sit(n1.port, id, pat.body.at("token"), 1);
    if (!p.clock.is_object()) ct::read_until(p, [&](const json&) { return p.clock.is_object(); });  // a clock runs
    const std::string room = ct::table_of(n1.port, id).at("room");

    // The tournament moves to node 2; the table stays on node 1 (its lease of 30 s holds).
    REQUIRE(::kill(n1.pid, SIGSTOP) == 0);
    REQUIRE(pg_rows(store.location, "UPDATE room_owners SET node = '', epoch = epoch + 1 WHERE room = $1 RETURNING epoch",
                    {"tournament:" + id}).size() == 1);
    REQUIRE(eventually([&] { return ct::owner_node(store.location, id) == "n2"; }, 60));
    REQUIRE(::kill(n1.pid, SIGCONT) == 0);
    REQUIRE(pg_rows(store.location, "SELECT node FROM room_owners WHERE room = $1", {room}).at(0).at(0) == "n1");

    // The referee pauses through node 2: until node 1 hands the table over, the answer says it moves.
    const json pause = {{"round", 1}, {"table", 1}, {"kind", "pause"}};
    ct::Reply paused;
    REQUIRE(eventually([&] {
        paused = ct::send(n2.port, base + "/referee", pause, rex);
        if (paused.status == 409) {
            CHECK(paused.body.dump().find("the table is moving to this node, try again") != std::string::npos);
        }
        return paused.status != 409;
    }, 120));
    INFO(paused.body.dump());
    REQUIRE(paused.status == 201);
    CHECK(paused.body.at("atTable") == "applied");
    CHECK(pg_rows(store.location, "SELECT node FROM room_owners WHERE room = $1", {room}).at(0).at(0) == "n2");

    // Pat was told the table moved to node 2, and resumes there: the clocks are paused.
    const json moved = ct::read_until(p, [](const json& m) { return m.at("type") == "moved"; });
    CHECK(moved.value("url", "").find(std::to_string(n2.port)) != std::string::npos);
    p.c.reset();
    const Resumed resumed = resume_anywhere(p, {n2.port});
    p.take_snapshot(resumed.snapshot);
    REQUIRE(p.clock.is_object());
    CHECK(p.clock.value("paused", false) == true);
    CHECK(ct::table_of(n2.port, id).at("clockPaused") == true);
    p.c->close();
    const std::string log1 = node_log(d1);
    INFO(log1.substr(log1.size() > 4000 ? log1.size() - 4000 : 0));
    CHECK(log1.find("room " + room + ": handed over to") != std::string::npos);
    CHECK(log1.find("[error]") == std::string::npos);
    const std::string log2 = node_log(d2);
    INFO(log2.substr(log2.size() > 4000 ? log2.size() - 4000 : 0));
    CHECK(log2.find("[error]") == std::string::npos);
    std::error_code ec;
    for (const auto& d : {d1, d2}) std::filesystem::remove_all(d, ec);
}

// A table wanted by a node that then died (docs/decisions/030, "A table on another node"): its
// serving node hands it over (released, its clients told `moved` to the wanting node), and once the
// wanting node's lease runs out, the want goes at the next renewal (wanted_here) and the room,
// owned by no live node, is adopted as an orphan by a live node: never left unserved.
TEST_CASE("cluster: a table wanted by a node that died is adopted by a live node", "[server][crash][cluster][tournament]") {
    if (!has_postgres()) return;
    Watchdog watchdog(120);
    hexhall::server::register_builtin_games();
    const TestStoreDb store("postgres");
    const auto d1 = temp_dir("hexhall-twant1-");
    ChildServer n1(store.flags(), d1, node_flags("n1"));
    WsClient host(n1.port);
    host.hello("Host");
    const std::string room = host.create({{"players", 3}}).at("room").get<std::string>();
    REQUIRE(host.join(room, 0).at("type") == "joined");
    const auto owner = [&] { return pg_rows(store.location, "SELECT node, epoch FROM room_owners WHERE room = $1", {room}).at(0); };
    REQUIRE(owner().at(0) == "n1");
    const std::string epoch = owner().at(1);

    // Node W (live for an hour, never renewing: it stands for a node about to die) wants the room.
    insert_node_row(store.location, "w", "ws://127.0.0.1:1/ws", 3600000);
    pg_rows(store.location, "INSERT INTO room_wants (room, node) VALUES ($1, 'w') RETURNING room", {room});
    const json moved = host.recv_type("moved");
    CHECK(moved.at("room") == room);
    CHECK(port_of(moved.at("url").get<std::string>()) == 1);
    REQUIRE(eventually([&] { return owner().at(0).empty(); }));  // released for W to take over
    // While W lives, the room is W's to take: node 1 does not adopt it back (two more renewals).
    const auto renewed = [&] {
        return std::stoll(pg_rows(store.location, "SELECT expires_ms FROM nodes WHERE id = 'n1'", {}).at(0).at(0));
    };
    for (int i = 0; i < 2; ++i) {
        const int64_t before = renewed();
        REQUIRE(eventually([&] { return renewed() > before; }));
    }
    CHECK(owner().at(0).empty());
    CHECK(pg_rows(store.location, "SELECT count(*) FROM room_wants", {}).at(0).at(0) == "1");

    // W dies before taking it: its want goes, and node 1 adopts the room (a new epoch), served again.
    pg_rows(store.location, "UPDATE nodes SET expires_ms = 0 WHERE id = 'w' RETURNING id", {});
    REQUIRE(eventually([&] { return owner().at(0) == "n1"; }));
    CHECK(std::stoll(owner().at(1)) > std::stoll(epoch));
    CHECK(pg_rows(store.location, "SELECT count(*) FROM room_wants", {}).at(0).at(0) == "0");
    WsClient again(n1.port);
    again.hello("Host", host.token);
    const json joined = again.join(room, 0);
    INFO(joined.dump());
    CHECK(joined.at("type") == "joined");
    const std::string log1 = node_log(d1);
    INFO(log1.substr(log1.size() > 4000 ? log1.size() - 4000 : 0));
    CHECK(log1.find("room " + room + ": handed over to ws://127.0.0.1:1/ws") != std::string::npos);
    CHECK(log1.find("room " + room + ": taken over by node n1") != std::string::npos);
    CHECK(log1.find("[error]") == std::string::npos);
}
