// Tournaments through the real server (issue 17): the desk's HTTP API, tables as managed rooms,
// entrants who check in and play their reserved seat over the WebSocket protocol, built-in house
// bots, results into HK-1 standings, the no-show policy, referees, and a restart mid-round.
#include "tests/server/ws_client.hpp"

#include <filesystem>
#include <functional>
#include <map>
#include <set>

#include "tournament/hk_standings.hpp"
#include "server/hub.hpp"
#include "server/records.hpp"
#include "server/sqlite_store.hpp"
#include "server/config.hpp"
#include "server/games.hpp"
#include "tests/server/ops_support.hpp"
#include "tests/server/http_exchange.hpp"
#include "tests/server/store_backends.hpp"
#include "tournament/desk/desk.hpp"
#include "tournament/model_json.hpp"
#include "tournament/registration.hpp"

using namespace hexhall::test;
namespace hk = hexhall::hk;

namespace {

// The server in-process with the tournament desk, as hexhall-server wires it (server/main.cpp).
struct TourServer {
    std::unique_ptr<hexhall::server::Server> server;
    std::unique_ptr<hexhall::tournament::Desk> desk;
    uint16_t port = 0;
    using Setup = std::function<void(hexhall::server::ServerOptions&, hexhall::tournament::DeskOptions&)>;
    explicit TourServer(const std::string& db = ":memory:", double clock_scale = 0.01, const Setup& setup = {}) {
        hexhall::server::ServerOptions o;
        o.address = "127.0.0.1";
        o.port = 0;
        o.threads = 2;
        o.db_path = db;
        o.limits.clock_scale = clock_scale;
        hexhall::tournament::DeskOptions d;
        d.clock_scale = clock_scale;
        if (setup) setup(o, d);
        server = std::make_unique<hexhall::server::Server>(o);
        desk = std::make_unique<hexhall::tournament::Desk>(server->hub(), &server->store(), d);
        server->add_http_handler("/tournaments", [this](const hexhall::server::HttpRequest& r) { return desk->http(r); });
        desk->restore();
        port = server->start();
        desk->start();
    }
    ~TourServer() {
        desk->stop();
        server->stop();
    }
};

struct TourReply {
    int status = 0;
    json body;
    std::string text;
    std::string retry_after;  // the Retry-After header ("" when none)
};

TourReply tour_call(uint16_t port, http::verb method, const std::string& target, const json& body = nullptr,
                    const std::string& token = "") {
    const HttpResponse res = http_exchange(port, method, target, body, token);
    TourReply r;
    r.status = static_cast<int>(res.result_int());
    r.text = res.body();
    r.body = json::parse(r.text, nullptr, false);
    r.retry_after = std::string(res[http::field::retry_after]);
    return r;
}
TourReply tour_get(uint16_t port, const std::string& target, const std::string& token = "") {
    return tour_call(port, http::verb::get, target, nullptr, token);
}
TourReply tour_post(uint16_t port, const std::string& target, const json& body = json::object(), const std::string& token = "") {
    return tour_call(port, http::verb::post, target, body, token);
}

struct Created {
    std::string id, organiser, invite;
};

Created tour_create(uint16_t port, json body) {
    const TourReply r = tour_post(port, "/tournaments", body);
    INFO(r.text);
    REQUIRE(r.status == 201);
    return {r.body.at("id"), r.body.at("organiserToken"), r.body.at("invite")};
}

// An entrant who plays over the protocol: checks in, waits for the table's room, and joins the
// reserved seat with the entrant token; the game starts once every seat is taken.
// Catch's assertions are not thread-safe, so entrants at different tables are joined first and
// then played one after another from the test's thread (a waiting table just waits: untimed).
Player tour_join_table(uint16_t port, const std::string& id, const std::string& token, const std::string& name, int round) {
    const TourReply in = tour_post(port, "/tournaments/" + id + "/checkin", json::object(), token);
    INFO(in.text);
    REQUIRE(in.status == 200);
    json mine;
    REQUIRE(eventually([&] {
        const TourReply me = tour_get(port, "/tournaments/" + id + "/me", token);
        for (const json& r : me.body.at("rounds"))
            if (r.at("round") == round && !r.at("room").is_null()) mine = r;
        return !mine.is_null();
    }, 60));
    // The started round tells the entrant until when to check in (the no-show time).
    CHECK(mine.value("checkInByMs", int64_t{0}) > 0);
    Player p;
    p.c = std::make_unique<WsClient>(port);
    p.c->hello(name);
    p.seat = mine.at("gameSeat").get<int>();
    p.c->request({{"type", "joinRoom"}, {"invite", mine.at("invite")}, {"seat", p.seat}, {"seatToken", token}});
    for (;;) {  // joined, chat, started … until the first snapshot
        json m = p.c->recv();
        INFO(m.dump());
        REQUIRE(m.at("type") != "error");
        if (m.at("type") == "snapshot") {
            p.take_snapshot(m);
            break;
        }
    }
    CHECK(p.c->last_room.at("seats").at(p.seat).at("name") == name);  // the reserved seat keeps the entrant's name
    return p;
}

void tour_play_to_end(Player& p, uint64_t seed) {
    std::mt19937_64 rng(seed);
    play_until(p, rng, [&] { return p.view.at("phase") == "gameOver"; }, 200000);
    p.c->close();
}

void tour_play_round(uint16_t port, const std::string& id, const std::string& token, const std::string& name, int round,
                     uint64_t seed) {
    Player p = tour_join_table(port, id, token, name, round);
    tour_play_to_end(p, seed);
}

json tour_view(uint16_t port, const std::string& id, const std::string& token = "") {
    const TourReply v = tour_get(port, "/tournaments/" + id, token);
    REQUIRE(v.status == 200);
    return v.body;
}

bool tour_round_finished(uint16_t port, const std::string& id, int round) {
    const json v = tour_view(port, id);
    return v.at("run").size() >= static_cast<size_t>(round) && v.at("run").at(round - 1).at("status") == "finished";
}

}  // namespace

TEST_CASE("tournament: 16 entrants, 3 rounds, 4 teams, played through the server; seating, same boards, HK-1 standings",
          "[server][tournament][HK-3.1][HK-1.9][HK-0.3]") {
    Watchdog dog(600);
    TourServer s;
    const Created t = tour_create(s.port, {{"name", "Spring cup"}, {"game", "catan"}, {"ruleset", "hk2024"},
                                           {"settings", {{"rounds", 3}, {"clockPreset", "untimed"}, {"noShowAfterS", 600}}},
                                           {"teams", {{{"name", "Owls"}}, {{"name", "Hawks"}}, {{"name", "Wrens"}}, {{"name", "Kites"}}}}});
    const std::vector<std::string> teams = {"Owls", "Hawks", "Wrens", "Kites"};
    // Four people register through the invite link (all Owls); twelve house bots make the other teams.
    std::vector<std::pair<std::string, std::string>> people;  // name, token
    for (int i = 0; i < 4; ++i) {
        const std::string name = "Player " + std::to_string(i + 1);
        const TourReply r = tour_post(s.port, "/tournaments/" + t.id + "/entrants",
                                      {{"name", name}, {"team", "Owls"}, {"invite", t.invite}});
        INFO(r.text);
        REQUIRE(r.status == 201);
        people.emplace_back(name, r.body.at("token"));
    }
    // Without the invite code or the organiser's token nobody may register.
    CHECK(tour_post(s.port, "/tournaments/" + t.id + "/entrants", {{"name", "Mallory"}}).status == 403);
    CHECK(tour_post(s.port, "/tournaments/" + t.id + "/entrants", {{"name", "Mallory"}, {"bot", "random"}, {"invite", t.invite}}).status == 403);
    for (int i = 0; i < 12; ++i) {
        const TourReply r = tour_post(s.port, "/tournaments/" + t.id + "/entrants",
                                      {{"name", "Bot " + std::to_string(i + 1)}, {"team", teams[static_cast<size_t>(1 + i % 3)]}, {"bot", "heuristic"}},
                                      t.organiser);
        REQUIRE(r.status == 201);
    }
    std::vector<std::string> all_rooms;
    std::map<int, std::vector<std::string>> rooms_of_round;
    for (int round = 1; round <= 3; ++round) {
        REQUIRE(tour_post(s.port, "/tournaments/" + t.id + "/rounds", json::object(), t.organiser).status == 201);
        // Only the organiser starts a round.
        CHECK(tour_post(s.port, "/tournaments/" + t.id + "/rounds/" + std::to_string(round) + "/start", json::object(), people[0].second).status == 403);
        REQUIRE(tour_post(s.port, "/tournaments/" + t.id + "/rounds/" + std::to_string(round) + "/start", json::object(), t.organiser).status == 200);
        // The four people are team mates, so each sits at a different table (teams apart).
        std::vector<Player> players;
        for (const auto& [name, token] : people) players.push_back(tour_join_table(s.port, t.id, token, name, round));
        for (size_t i = 0; i < players.size(); ++i) tour_play_to_end(players[i], 100 * round + i);
        REQUIRE(eventually([&] { return tour_round_finished(s.port, t.id, round); }, 120));
        const json v = tour_view(s.port, t.id, t.organiser);
        for (const json& table : v.at("run").at(round - 1).at("tables")) {
            CHECK(table.at("absent").empty());
            CHECK_FALSE(table.at("result").is_null());
            rooms_of_round[round].push_back(table.at("room"));
            all_rooms.push_back(table.at("room"));
        }
    }
    const json v = tour_view(s.port, t.id, t.organiser);
    const json& tour = v.at("tournament");
    CHECK_FALSE(tour.contains("secretSeed"));  // the public view keeps the seeds secret (HK-3.1: secret dice)

    // Seating: nobody meets an opponent twice, seat letters vary (HK-0.3), team mates apart.
    std::map<std::string, std::string> team_of;
    for (const json& e : tour.at("entrants")) team_of[e.at("id")] = e.at("team");
    std::set<std::pair<std::string, std::string>> met;
    std::map<std::string, std::set<size_t>> letters;
    for (const json& round : tour.at("rounds"))
        for (const json& table : round.at("tables")) {
            const auto seats = table.at("seats").get<std::vector<std::string>>();
            for (size_t a = 0; a < seats.size(); ++a) {
                letters[seats[a]].insert(a);
                for (size_t b = a + 1; b < seats.size(); ++b) {
                    CHECK(team_of[seats[a]] != team_of[seats[b]]);
                    CHECK(met.insert(std::minmax(seats[a], seats[b])).second);
                }
            }
        }
    for (auto& [entrant, seen] : letters) CHECK(seen.size() == 3);

    // The same board on every table of a round (HK-3.1), different dice and decks.
    for (auto& [round, rooms] : rooms_of_round) {
        std::set<std::string> setups, seeds;
        for (size_t i = 0; i < rooms.size(); ++i) {
            const std::string invite = v.at("invites").at(std::to_string(round) + "." + std::to_string(i + 1));
            int status = 0;
            const json rec = json::parse(http_get(s.port, "/games/" + rooms[i] + "/record?invite=" + invite, status));
            REQUIRE(status == 200);
            CHECK(std::to_string(rec.at("options").at("boardSeed").get<uint64_t>()) ==
                  tour.at("rounds").at(round - 1).at("boardSeed").get<std::string>());
            setups.insert(rec.at("setup").get<std::string>());
            seeds.insert(rec.at("seed").get<std::string>());
        }
        CHECK(setups.size() == 1);
        CHECK(seeds.size() == rooms.size());
    }

    // The standings equal an independent HK-1 computation: every stored game replayed with its
    // engine, the final VP per seat under the stored seat names, ranked by the engine's
    // individual_standings (what GET /standings does for public rooms; tables are private).
    std::vector<hk::GameResult> results;
    for (const std::string& room : all_rooms) {
        const std::optional<hexhall::server::StoredRoom> st = s.server->store().load_room(room);
        REQUIRE(st);
        const hexhall::server::ReplayedGame g = hexhall::server::replay_stored(*st);
        REQUIRE(g.complete);
        const auto outcome = g.game->outcome();
        REQUIRE(outcome);
        REQUIRE(outcome->winners.size() == 1);
        hk::GameResult r;
        r.winner = outcome->winners.front();
        for (int seat = 0; seat < 4; ++seat) {
            for (const hexhall::server::SeatRow& row : st->seats)
                if (row.seat == seat) r.players.push_back(row.name);
            r.vp.push_back(outcome->scores.at(static_cast<size_t>(seat)));
        }
        REQUIRE(r.players.size() == 4);
        results.push_back(r);
    }
    std::map<std::string, hk::Standing> by_name;
    for (const hk::Standing& x : hk::individual_standings(results)) by_name[x.player] = x;
    REQUIRE(by_name.size() == 16);
    const TourReply st = tour_get(s.port, "/tournaments/" + t.id + "/standings");
    REQUIRE(st.status == 200);
    CHECK(st.body.at("final") == true);
    REQUIRE(st.body.at("individual").size() == 16);
    for (const json& x : st.body.at("individual")) {
        INFO(x.dump());
        const hk::Standing& y = by_name.at(x.at("name"));
        CHECK(x.at("games") == 3);
        CHECK(x.at("rank") == y.rank);
        CHECK(x.at("matchPoints") == y.match_points);
        CHECK(x.at("gamePoints") == y.game_points);
        CHECK(x.at("pop").at("num") == y.pop.num);
        CHECK(x.at("pop").at("den") == y.pop.den);
    }
    CHECK(st.body.at("teams").size() == 4);  // HK-1.12: teams ranked by their members' ranks
    const TourReply csv = tour_get(s.port, "/tournaments/" + t.id + "/standings.csv");
    CHECK(csv.status == 200);
    CHECK(csv.text.starts_with("rank,entrant,name,team,division,games,forfeits,match_points,game_points,pop,pop_exact,status"));
}

TEST_CASE("tournament: an entrant who does not check in forfeits and a bot plays the seat; two warnings disqualify",
          "[server][tournament][HK-10.6]") {
    Watchdog dog(300);
    TourServer s;
    const Created t = tour_create(s.port, {{"name", "Club night"}, {"settings", {{"rounds", 2}, {"clockPreset", "untimed"}, {"noShowAfterS", 60}}}});
    std::vector<std::string> tokens;
    for (int i = 0; i < 8; ++i) {
        const TourReply r = tour_post(s.port, "/tournaments/" + t.id + "/entrants", {{"name", "P" + std::to_string(i + 1)}, {"invite", t.invite}});
        REQUIRE(r.status == 201);
        tokens.push_back(r.body.at("token"));
    }
    const TourReply ref = tour_post(s.port, "/tournaments/" + t.id + "/referees", {{"name", "Rita"}}, t.organiser);
    REQUIRE(ref.status == 201);
    const std::string referee = ref.body.at("token");
    REQUIRE(tour_post(s.port, "/tournaments/" + t.id + "/rounds", json::object(), t.organiser).status == 201);
    REQUIRE(tour_post(s.port, "/tournaments/" + t.id + "/rounds/1/start", json::object(), t.organiser).status == 200);
    // P1 plays; the others never check in: after the no-show time (60 s × clock scale) their seats
    // go to bots, and they score a forfeit.
    tour_play_round(s.port, t.id, tokens[0], "P1", 1, 7);
    REQUIRE(eventually([&] { return tour_round_finished(s.port, t.id, 1); }, 120));
    const json v = tour_view(s.port, t.id);
    size_t absent = 0;
    for (const json& table : v.at("run").at(0).at("tables")) absent += table.at("absent").size();
    CHECK(absent == 7);
    const TourReply st = tour_get(s.port, "/tournaments/" + t.id + "/standings");
    for (const json& x : st.body.at("individual")) {
        INFO(x.dump());
        if (x.at("name") == "P1") CHECK(x.at("forfeits") == 0);
        else {
            CHECK(x.at("forfeits") == 1);
            CHECK(x.at("matchPoints") == 0);
        }
    }

    // Round 2: a referee warns P2 twice at their table: disqualified (HK-10.6), unranked, not seated again.
    REQUIRE(tour_post(s.port, "/tournaments/" + t.id + "/rounds", json::object(), t.organiser).status == 201);
    REQUIRE(tour_post(s.port, "/tournaments/" + t.id + "/rounds/2/start", json::object(), t.organiser).status == 200);
    const json v2 = tour_view(s.port, t.id);
    int table_of_p2 = 0;
    for (const json& table : v2.at("tournament").at("rounds").at(1).at("tables"))
        for (const json& e : table.at("seats"))
            if (e == "e2") table_of_p2 = table.at("number");
    REQUIRE(table_of_p2 > 0);
    const json warn = {{"round", 2}, {"table", table_of_p2}, {"kind", "warning"}, {"entrant", "e2"}, {"rule", "HK-10.2"}, {"note", "slow play"}};
    CHECK(tour_post(s.port, "/tournaments/" + t.id + "/referee", warn, tokens[0]).status == 403);  // not a referee
    const TourReply w1 = tour_post(s.port, "/tournaments/" + t.id + "/referee", warn, referee);
    INFO(w1.text);
    REQUIRE(w1.status == 201);
    CHECK(w1.body.at("disqualified") == false);
    const TourReply w2 = tour_post(s.port, "/tournaments/" + t.id + "/referee", warn, referee);
    REQUIRE(w2.status == 201);
    CHECK(w2.body.at("warnings") == 2);
    CHECK(w2.body.at("disqualified") == true);
    const json v3 = tour_view(s.port, t.id);
    REQUIRE(v3.at("disqualified").size() == 1);
    CHECK(v3.at("disqualified").at(0).at("entrant") == "e2");
    CHECK(v3.at("disqualified").at(0).at("referee") == "Rita");
    const json log = v3.at("tournament").at("refereeLog");
    REQUIRE(log.size() == 2);
    CHECK(log.at(0).at("referee") == "Rita");
    const TourReply st2 = tour_get(s.port, "/tournaments/" + t.id + "/standings");
    for (const json& x : st2.body.at("individual"))
        if (x.at("entrant") == "e2") {
            CHECK(x.at("rank").is_null());
            CHECK(x.at("status") == "disqualified");
        }
}

TEST_CASE("tournament: refusals name the reason; unknown keys and bad tokens are refused", "[server][tournament]") {
    TourServer s;
    CHECK(tour_post(s.port, "/tournaments", {{"name", "X"}, {"secretSeed", "1"}}).status == 400);
    CHECK(tour_post(s.port, "/tournaments", {{"name", "X"}, {"settings", {{"rounds", 0}}}}).status == 400);
    const Created t = tour_create(s.port, {{"name", "X"}});
    CHECK(tour_get(s.port, "/tournaments/nope").status == 404);
    CHECK(tour_post(s.port, "/tournaments/" + t.id + "/rounds", json::object(), "f00").status == 403);
    const TourReply few = tour_post(s.port, "/tournaments/" + t.id + "/rounds", json::object(), t.organiser);
    CHECK(few.status == 409);  // HK-0.2: no table split for 0 entrants
    CHECK(few.body.at("message").get<std::string>().size() > 5);
    CHECK(tour_call(s.port, http::verb::delete_, "/tournaments/" + t.id).status == 405);
    CHECK(tour_post(s.port, "/tournaments/" + t.id + "/entrants", {{"name", "A"}, {"invite", t.invite}, {"admin", true}}).status == 400);
}

TEST_CASE("tournament: a restart in the middle of round 2 loses nothing", "[server][tournament][crash]") {
    Watchdog dog(300);
    const auto dir = std::filesystem::temp_directory_path() / ("hexhall-tour-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    const std::string db = (dir / "t.db").string();
    Created t;
    std::string p_token;
    json before;
    {
        TourServer s(db);
        t = tour_create(s.port, {{"name", "Restart cup"}, {"settings", {{"rounds", 2}, {"clockPreset", "untimed"}, {"noShowAfterS", 3600}}}});
        const TourReply p = tour_post(s.port, "/tournaments/" + t.id + "/entrants", {{"name", "Pat"}, {"invite", t.invite}});
        p_token = p.body.at("token");
        for (int i = 0; i < 7; ++i)
            REQUIRE(tour_post(s.port, "/tournaments/" + t.id + "/entrants", {{"name", "Bot " + std::to_string(i)}, {"bot", "heuristic"}}, t.organiser).status == 201);
        REQUIRE(tour_post(s.port, "/tournaments/" + t.id + "/rounds", json::object(), t.organiser).status == 201);
        REQUIRE(tour_post(s.port, "/tournaments/" + t.id + "/rounds/1/start", json::object(), t.organiser).status == 200);
        tour_play_round(s.port, t.id, p_token, "Pat", 1, 3);
        REQUIRE(eventually([&] { return tour_round_finished(s.port, t.id, 1); }, 120));
        REQUIRE(tour_post(s.port, "/tournaments/" + t.id + "/rounds", json::object(), t.organiser).status == 201);
        REQUIRE(tour_post(s.port, "/tournaments/" + t.id + "/rounds/2/start", json::object(), t.organiser).status == 200);
        // Round 2: the bots' table finishes; Pat's table waits for Pat to check in.
        REQUIRE(eventually([&] {
            const json v = tour_view(s.port, t.id);
            int done = 0;
            for (const json& table : v.at("run").at(1).at("tables")) done += !table.at("result").is_null();
            return done == 1;
        }, 120));
        before = tour_view(s.port, t.id);
    }  // the server stops
    TourServer s(db);
    const json after = tour_view(s.port, t.id);
    CHECK(after.at("tournament") == before.at("tournament"));
    CHECK(after.at("rev") == before.at("rev"));
    CHECK(after.at("run").at(1).at("status") == "started");
    // Pat's token still works: Pat checks in, plays the table, and the round finishes.
    tour_play_round(s.port, t.id, p_token, "Pat", 2, 4);
    REQUIRE(eventually([&] { return tour_round_finished(s.port, t.id, 2); }, 120));
    const TourReply st = tour_get(s.port, "/tournaments/" + t.id + "/standings");
    CHECK(st.body.at("final") == true);
    for (const json& x : st.body.at("individual")) CHECK(x.at("games") == 2);
    std::filesystem::remove_all(dir);
}

namespace {
bool tour_has_event(const json& patch, const std::string& type) {
    if (!patch.contains("catan") || !patch.at("catan").contains("events")) return false;
    for (const json& e : patch.at("catan").at("events"))
        if (e.value("type", "") == type) return true;
    return false;
}
}  // namespace

TEST_CASE("tournament: a referee warns at the table (HK-10.6), pauses and resumes its clocks, and rules into its record",
          "[server][tournament][HK-10.6][HK-6.5]") {
    Watchdog dog(300);
    TourServer s;  // clock scale 0.01: the casual clock's 180 s turn is 1.8 s
    const Created t = tour_create(s.port, {{"name", "Referee night"}, {"settings", {{"rounds", 1}, {"clockPreset", "casual"}, {"noShowAfterS", 600}}}});
    const TourReply pr = tour_post(s.port, "/tournaments/" + t.id + "/entrants", {{"name", "Pia"}, {"invite", t.invite}});
    REQUIRE(pr.status == 201);
    const std::string pia = pr.body.at("token");
    for (int i = 0; i < 3; ++i)
        REQUIRE(tour_post(s.port, "/tournaments/" + t.id + "/entrants", {{"name", "House " + std::to_string(i)}, {"bot", "heuristic"}}, t.organiser).status == 201);
    const TourReply ref = tour_post(s.port, "/tournaments/" + t.id + "/referees", {{"name", "Rex"}}, t.organiser);
    REQUIRE(ref.status == 201);
    const std::string rex = ref.body.at("token");
    REQUIRE(tour_post(s.port, "/tournaments/" + t.id + "/rounds", json::object(), t.organiser).status == 201);
    REQUIRE(tour_post(s.port, "/tournaments/" + t.id + "/rounds/1/start", json::object(), t.organiser).status == 200);
    Player p = tour_join_table(s.port, t.id, pia, "Pia", 1);
    const auto call = [&](const std::string& kind, const std::string& entrant = "", const std::string& note = "") {
        json body = {{"round", 1}, {"table", 1}, {"kind", kind}, {"rule", kind == "warning" ? "HK-10.2" : ""}, {"note", note}};
        if (!entrant.empty()) body["entrant"] = entrant;
        return tour_post(s.port, "/tournaments/" + t.id + "/referee", body, rex);
    };
    // Reads Pia's messages (patches applied) until `until` holds for one; returns it. Every patch
    // seen on the way is passed to `each`.
    const auto read_until = [&](auto until, auto each) {
        for (int guard = 0; guard < 100000; ++guard) {
            json m = p.c->recv_any();
            const std::string type = m.at("type");
            if (type == "patch") {
                p.take_patch(m);
                each(m);
            } else if (type == "snapshot") {
                p.take_snapshot(m);
            }
            if (until(m)) return m;
        }
        FAIL("no such message");
        return json();
    };
    const auto no_check = [](const json&) {};

    // A warning reaches the game: Pia's seat gets the engine's "warned" event (HK-10.6) and everyone
    // a chat line from the referee.
    const TourReply w = call("warning", "e1", "slow play");
    INFO(w.text);
    REQUIRE(w.status == 201);
    CHECK(w.body.at("atTable") == "applied");
    bool warned = false;
    read_until([&](const json& m) { return m.at("type") == "chat" && m.contains("referee"); },
               [&](const json& m) { warned = warned || tour_has_event(m, "warned"); });
    if (!warned) read_until([&](const json& m) { return tour_has_event(m, "warned"); }, no_check);
    CHECK(p.view.at("players").at(p.seat).at("warnings") == 1);

    // Pause: the clocks stop; the room says so and the snapshot's clock shows the time left.
    const TourReply pa = call("pause", "", "a rules question");
    INFO(pa.text);
    REQUIRE(pa.status == 201);
    CHECK(call("pause").status == 409);  // already paused
    const json paused = read_until([](const json& m) { return m.at("type") == "snapshot"; }, no_check);
    CHECK(p.c->last_room.value("clockPaused", false) == true);
    CHECK(p.c->last_room.value("tournament", "") == t.id);  // the table names its tournament
    CHECK(p.c->last_room.at("fixedSeed") == false);  // its seed is the tournament's secret, not one anybody chose
    REQUIRE(paused.contains("clock"));
    CHECK(paused.at("clock").at("paused") == true);
    const int64_t left = paused.at("clock").at("leftMs").get<int64_t>();
    const int64_t paused_at = unix_ms_now();
    // Bots may still move, but no clock runs out: wait until twice the time left has passed.
    bool timed_out = false;
    REQUIRE(eventually([&] { return unix_ms_now() > paused_at + 2 * left + 200; }, 60));
    const TourReply re = call("resume");
    INFO(re.text);
    REQUIRE(re.status == 201);
    const int64_t resumed_at = unix_ms_now();
    const json resumed = read_until([](const json& m) { return m.at("type") == "snapshot" && !m.at("clock").contains("paused"); },
                                    [&](const json& m) { timed_out = timed_out || tour_has_event(m, "timedOut"); });
    CHECK_FALSE(timed_out);
    CHECK_FALSE(p.c->last_room.contains("clockPaused"));
    if (resumed.at("clock").at("seat") == paused.at("clock").at("seat"))  // the same wait: its deadline moved
        CHECK(resumed.at("clock").at("deadline").get<int64_t>() >= resumed_at - 50 + left - 100);
    CHECK(call("resume").status == 409);  // not paused

    // A ruling note; then Pia plays to the end and the table's record carries the referee's log.
    REQUIRE(call("ruling", "", "the robber stays where it is").status == 201);
    read_until([](const json& m) { return m.at("type") == "chat" && m.contains("referee") && m.at("referee").at("kind") == "ruling"; }, no_check);
    tour_play_to_end(p, 11);
    REQUIRE(eventually([&] { return tour_round_finished(s.port, t.id, 1); }, 120));
    const json v = tour_view(s.port, t.id, t.organiser);
    const std::string room = v.at("run").at(0).at("tables").at(0).at("room");
    const std::string invite = v.at("invites").at("1.1");
    int status = 0;
    const json rec = json::parse(http_get(s.port, "/games/" + room + "/record?invite=" + invite, status));
    REQUIRE(status == 200);
    REQUIRE(rec.contains("rulings"));
    std::vector<std::string> kinds;
    for (const json& r : rec.at("rulings")) {
        kinds.push_back(r.at("kind"));
        CHECK(r.at("by") == "Rex");
    }
    CHECK(kinds == std::vector<std::string>{"warning", "pause", "resume", "ruling"});
    CHECK_FALSE(rec.contains("standIns"));  // every seat was played by its entrant (or a house bot)
    bool warn_stored = false;  // the warning is a stored action of the game: replays and verification see it
    for (const json& a : rec.at("actions")) warn_stored = warn_stored || a.value("referee", "").starts_with("warn");
    CHECK(warn_stored);
}

TEST_CASE("tournament: Carcassonne and The Struggle for Catan events run through the same desk, ranked by wins then score",
          "[server][tournament]") {
    Watchdog dog(300);
    TourServer s;
    for (const std::string game : {"carcassonne", "struggle"}) {
        INFO(game);
        const Created t = tour_create(s.port, {{"name", game + " cup"}, {"game", game}, {"settings", {{"rounds", 2}, {"clockPreset", "untimed"}}}});
        for (int i = 0; i < 8; ++i)
            REQUIRE(tour_post(s.port, "/tournaments/" + t.id + "/entrants", {{"name", "B" + std::to_string(i)}, {"bot", "heuristic"}}, t.organiser).status == 201);
        for (int round = 1; round <= 2; ++round) {
            REQUIRE(tour_post(s.port, "/tournaments/" + t.id + "/rounds", json::object(), t.organiser).status == 201);
            REQUIRE(tour_post(s.port, "/tournaments/" + t.id + "/rounds/" + std::to_string(round) + "/start", json::object(), t.organiser).status == 200);
            REQUIRE(eventually([&] { return tour_round_finished(s.port, t.id, round); }, 120));
        }
        const json v = tour_view(s.port, t.id, t.organiser);
        for (const json& round : v.at("run"))
            for (const json& table : round.at("tables")) {
                int status = 0;
                const json rec = json::parse(http_get(s.port, "/games/" + table.at("room").get<std::string>() + "/record?invite=" +
                                                      v.at("invites").at(std::to_string(round.at("round").get<int>()) + "." +
                                                                         std::to_string(table.at("table").get<int>())).get<std::string>(), status));
                REQUIRE(status == 200);
                CHECK(rec.at("game") == game);
                CHECK(table.at("result").at("scores").size() == 4);
            }
        const TourReply st = tour_get(s.port, "/tournaments/" + t.id + "/standings");
        REQUIRE(st.status == 200);
        CHECK(st.body.at("final") == true);
        REQUIRE(st.body.at("individual").size() == 8);
        int winners = 0;  // one match point per table's winner (or a shared win)
        for (const json& x : st.body.at("individual")) {
            CHECK(x.at("games") == 2);
            winners += x.at("matchPoints").get<int>();
        }
        CHECK(winners >= 4);  // 2 rounds × 2 tables
        CHECK(st.body.at("individual").at(0).at("rank") == 1);
    }
}

// ------------------------------------------------------------------ issue 26: bounds and fairness

namespace {

std::vector<std::string> tour_register(uint16_t port, const Created& t, int n, const std::string& prefix = "P") {
    std::vector<std::string> tokens;
    for (int i = 0; i < n; ++i) {
        const TourReply r = tour_post(port, "/tournaments/" + t.id + "/entrants", {{"name", prefix + std::to_string(i + 1)}, {"invite", t.invite}});
        INFO(r.text);
        REQUIRE(r.status == 201);
        tokens.push_back(r.body.at("token"));
    }
    return tokens;
}

// The entrant's round as /me shows it (null until seated).
json tour_my_round(uint16_t port, const std::string& id, const std::string& token, int round) {
    const TourReply me = tour_get(port, "/tournaments/" + id + "/me", token);
    INFO(me.text);
    REQUIRE(me.status == 200);
    for (const json& r : me.body.at("rounds"))
        if (r.at("round") == round) return r;
    return nullptr;
}

// Joins the entrant's reserved seat (the table's room must exist) and reads until the room shows
// the seat taken; returns that room push.
json tour_sit(Player& p, uint16_t port, const json& mine, const std::string& token, const std::string& name) {
    p.c = std::make_unique<WsClient>(port);
    p.c->hello(name);
    p.seat = mine.at("gameSeat").get<int>();
    p.c->request({{"type", "joinRoom"}, {"invite", mine.at("invite")}, {"seat", p.seat}, {"seatToken", token}});
    bool joined = false;
    for (;;) {
        const json m = p.c->recv_any();
        INFO(m.dump());
        REQUIRE(m.at("type") != "error");
        if (m.at("type") == "joined") joined = true;
        if (joined && m.at("type") == "room" && m.at("seats").at(p.seat).value("connected", false)) return m;
    }
}

bool tour_table_started(uint16_t port, const std::string& id, int round, int table) {
    const json v = tour_view(port, id);
    if (v.at("run").size() < static_cast<size_t>(round)) return false;
    for (const json& t : v.at("run").at(round - 1).at("tables"))
        if (t.at("table") == table) return t.value("started", false);
    return false;
}

double tour_quantile(std::vector<double> v, double q) {
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[std::min(v.size() - 1, static_cast<size_t>(q * static_cast<double>(v.size())))];
}

}  // namespace

TEST_CASE("tournament: a table with a no-show waits for its present entrants, or its start grace, under every clock preset",
          "[server][tournament]") {
    Watchdog dog(280);
    for (const char* preset : hexhall::tournament::kClockPresets) {
        INFO("clock preset " << preset);
        {   // A grace longer than the test: the table starts when the three present entrants sit.
            TourServer s(":memory:", 0.01, [](auto&, hexhall::tournament::DeskOptions& d) { d.start_grace_s = 1e6; });
            const Created t = tour_create(s.port, {{"name", "Grace"}, {"settings", {{"rounds", 1}, {"clockPreset", preset}, {"noShowAfterS", 10}}}});
            const std::vector<std::string> tokens = tour_register(s.port, t, 4);
            REQUIRE(tour_post(s.port, "/tournaments/" + t.id + "/rounds", json::object(), t.organiser).status == 201);
            REQUIRE(tour_post(s.port, "/tournaments/" + t.id + "/rounds/1/start", json::object(), t.organiser).status == 200);
            for (int i = 0; i < 3; ++i)  // P4 never comes
                REQUIRE(tour_post(s.port, "/tournaments/" + t.id + "/checkin", json::object(), tokens[static_cast<size_t>(i)]).status == 200);
            std::vector<json> mine(3);
            REQUIRE(eventually([&] {  // the no-show deadline (0.1 s) passes: the table opens, P4 absent
                for (int i = 0; i < 3; ++i) mine[static_cast<size_t>(i)] = tour_my_round(s.port, t.id, tokens[static_cast<size_t>(i)], 1);
                return std::all_of(mine.begin(), mine.end(), [](const json& m) { return !m.is_null() && !m.at("room").is_null(); });
            }));
            std::vector<Player> players(3);
            json last;
            for (int i = 0; i < 3; ++i) {
                last = tour_sit(players[static_cast<size_t>(i)], s.port, mine[static_cast<size_t>(i)], tokens[static_cast<size_t>(i)], "P" + std::to_string(i + 1));
                if (i < 2) CHECK(last.at("started") == false);  // nobody plays for a present entrant before they sit
            }
            const json started = last.at("started") == true ? last : players[2].c->room_until([](const json& r) { return r.at("started") == true; });
            for (int i = 0; i < 3; ++i) {
                const json& seat = started.at("seats").at(players[static_cast<size_t>(i)].seat);
                INFO(seat.dump());
                CHECK(seat.at("kind") == "external");
                CHECK_FALSE(seat.contains("botPlaying"));
            }
            size_t bots = 0;
            for (const json& seat : started.at("seats")) bots += seat.at("kind") == "bot";
            CHECK(bots == 1);  // the absent entrant's seat (botScoresNothing)
        }
        {   // A short grace (1 s × 0.01): nobody sits, the table starts with bots in the empty seats.
            TourServer s(":memory:", 0.01, [](auto&, hexhall::tournament::DeskOptions& d) { d.start_grace_s = 1; });
            const Created t = tour_create(s.port, {{"name", "Grace"}, {"settings", {{"rounds", 1}, {"clockPreset", preset}, {"noShowAfterS", 10}}}});
            const std::vector<std::string> tokens = tour_register(s.port, t, 4);
            REQUIRE(tour_post(s.port, "/tournaments/" + t.id + "/rounds", json::object(), t.organiser).status == 201);
            REQUIRE(tour_post(s.port, "/tournaments/" + t.id + "/rounds/1/start", json::object(), t.organiser).status == 200);
            for (int i = 0; i < 3; ++i)
                REQUIRE(tour_post(s.port, "/tournaments/" + t.id + "/checkin", json::object(), tokens[static_cast<size_t>(i)]).status == 200);
            CHECK(eventually([&] { return tour_table_started(s.port, t.id, 1, 1); }));
        }
    }
}

TEST_CASE("tournament: a table's record shows when a stand-in bot played a present entrant's seat, and for how long",
          "[server][tournament]") {
    Watchdog dog(180);
    // A short start grace: the three present entrants are late, so stand-in bots start for them.
    TourServer s(":memory:", 0.01, [](auto&, hexhall::tournament::DeskOptions& d) { d.start_grace_s = 1; });
    const Created t = tour_create(s.port, {{"name", "Late"}, {"game", "catan"}, {"ruleset", "base"},
                                           {"settings", {{"rounds", 1}, {"clockPreset", "untimed"}, {"noShowAfterS", 10}}}});
    const std::vector<std::string> tokens = tour_register(s.port, t, 4);
    REQUIRE(tour_post(s.port, "/tournaments/" + t.id + "/rounds", json::object(), t.organiser).status == 201);
    REQUIRE(tour_post(s.port, "/tournaments/" + t.id + "/rounds/1/start", json::object(), t.organiser).status == 200);
    for (int i = 0; i < 3; ++i)  // P4 never comes: absent, the seat's bot is not a stand-in for anybody present
        REQUIRE(tour_post(s.port, "/tournaments/" + t.id + "/checkin", json::object(), tokens[static_cast<size_t>(i)]).status == 200);
    REQUIRE(eventually([&] { return tour_table_started(s.port, t.id, 1, 1); }, 60));
    std::vector<json> mine(4);
    for (int i = 0; i < 4; ++i) mine[static_cast<size_t>(i)] = tour_my_round(s.port, t.id, tokens[static_cast<size_t>(i)], 1);
    // P1 takes the seat back from its stand-in, then leaves: after the grace a stand-in plays again.
    Player p1;
    const json sat = tour_sit(p1, s.port, mine[0], tokens[0], "P1");
    const bool sat_while_running = sat.at("over") == false;
    if (sat_while_running) CHECK_FALSE(sat.at("seats").at(p1.seat).contains("botPlaying"));
    p1.c.reset();
    REQUIRE(eventually([&] { return tour_round_finished(s.port, t.id, 1); }, 150));
    const json v = tour_view(s.port, t.id, t.organiser);
    const std::string room = v.at("run").at(0).at("tables").at(0).at("room");
    int status = 0;
    const json rec = json::parse(http_get(s.port, "/games/" + room + "/record?invite=" + v.at("invites").at("1.1").get<std::string>(), status));
    REQUIRE(status == 200);
    REQUIRE(rec.contains("standIns"));
    INFO(rec.at("standIns").dump());
    std::map<int, std::vector<json>> by_seat;
    for (const json& e : rec.at("standIns")) {
        CHECK(!e.at("bot").get<std::string>().empty());
        CHECK(e.at("from").get<int64_t>() >= rec.at("created").get<int64_t>());
        if (!e.at("to").is_null()) CHECK(e.at("to").get<int64_t>() >= e.at("from").get<int64_t>());
        by_seat[e.at("seat").get<int>()].push_back(e);
    }
    for (int i = 1; i < 3; ++i) {  // P2 and P3 never sat: a stand-in played their seats to the end
        const int seat = mine[static_cast<size_t>(i)].at("gameSeat").get<int>();
        REQUIRE(by_seat[seat].size() == 1);
        CHECK(by_seat[seat][0].at("name") == "P" + std::to_string(i + 1));
        CHECK(by_seat[seat][0].at("to").is_null());
    }
    // P1: a stand-in until P1 sat (closed), then another from the end of the grace after P1 left.
    REQUIRE(by_seat[p1.seat].size() == (sat_while_running ? 2u : 1u));
    if (sat_while_running) {
        CHECK_FALSE(by_seat[p1.seat][0].at("to").is_null());
        CHECK(by_seat[p1.seat][1].at("from").get<int64_t>() >= by_seat[p1.seat][0].at("to").get<int64_t>());
    }
    CHECK(by_seat.size() == 3);  // not the absent entrant's seat
}

TEST_CASE("tournament: the entrant cap and the registration rate limits answer with a clear error", "[server][tournament]") {
    Watchdog dog(120);
    {
        TourServer s(":memory:", 0.01, [](auto&, hexhall::tournament::DeskOptions& d) {
            d.max_entrants = 6;
            d.register_burst_per_address = 4;
            d.register_rate_per_address = 0.001;  // no refill within the test
        });
        const Created t = tour_create(s.port, {{"name", "Capped"}, {"settings", {{"rounds", 1}}}});
        const std::vector<std::string> tokens = tour_register(s.port, t, 4);
        // Self-registration: the address's burst is spent.
        const TourReply fifth = tour_post(s.port, "/tournaments/" + t.id + "/entrants", {{"name", "P5"}, {"invite", t.invite}});
        CHECK(fifth.status == 429);
        CHECK(fifth.body.at("error") == "rate_limited");
        CHECK(fifth.body.at("message").get<std::string>().find("your address") != std::string::npos);
        CHECK(fifth.retry_after == "5");
        // The organiser is not rate limited, but the cap holds for house bots and substitutes too.
        for (int i = 0; i < 2; ++i)
            CHECK(tour_post(s.port, "/tournaments/" + t.id + "/entrants", {{"name", "Bot" + std::to_string(i)}, {"bot", "random"}}, t.organiser).status == 201);
        const TourReply full = tour_post(s.port, "/tournaments/" + t.id + "/entrants", {{"name", "Bot9"}, {"bot", "random"}}, t.organiser);
        CHECK(full.status == 409);
        CHECK(full.body.at("error") == "tournament_full");
        CHECK(full.body.at("message").get<std::string>().find("6") != std::string::npos);
        const TourReply sub = tour_post(s.port, "/tournaments/" + t.id + "/entrants/e1/substitute", {{"name", "Sub"}}, t.organiser);
        CHECK(sub.status == 409);
        CHECK(sub.body.at("error") == "tournament_full");
        CHECK(tour_view(s.port, t.id).at("tournament").at("entrants").size() == 6);
    }
    {
        TourServer s(":memory:", 0.01, [](auto&, hexhall::tournament::DeskOptions& d) {
            d.register_burst_per_tournament = 3;
            d.register_rate_per_tournament = 0.001;
        });
        const Created a = tour_create(s.port, {{"name", "Busy"}, {"settings", {{"rounds", 1}}}});
        const Created b = tour_create(s.port, {{"name", "Other"}, {"settings", {{"rounds", 1}}}});
        tour_register(s.port, a, 3);
        const TourReply fourth = tour_post(s.port, "/tournaments/" + a.id + "/entrants", {{"name", "P4"}, {"invite", a.invite}});
        CHECK(fourth.status == 429);
        CHECK(fourth.body.at("message").get<std::string>().find("this tournament") != std::string::npos);
        tour_register(s.port, b, 3);  // per tournament: another one still takes its entrants
    }
}

TEST_CASE("tournament: a club of 100 behind one address registers, checks in, plays (bots) and sees its results with no 429",
          "[server][tournament]") {
    Watchdog dog(280);
    // hexhall-server's own limits: per token first, the per-address safety net behind them.
    const hexhall::server::ApiLimits production = hexhall::server::Config{}.server.api_limits;
    REQUIRE(production.per_token > 0);
    REQUIRE(production.per_address > 0);
    TourServer s(":memory:", 0.01, [&](hexhall::server::ServerOptions& o, auto&) { o.api_limits = production; });
    std::map<int, int> statuses;  // every answer the club got, by status
    auto call = [&](http::verb m, const std::string& target, const json& body, const std::string& token) {
        TourReply r = tour_call(s.port, m, target, body, token);
        ++statuses[r.status];
        return r;
    };
    const TourReply created = call(http::verb::post, "/tournaments",
                                   {{"name", "Club night"}, {"settings", {{"rounds", 1}, {"clockPreset", "untimed"}, {"noShowAfterS", 60}}}}, "");
    REQUIRE(created.status == 201);
    const std::string id = created.body.at("id"), organiser = created.body.at("organiserToken"), invite = created.body.at("invite");
    const std::string path = "/tournaments/" + id;
    struct Client {
        std::string token;
        bool checked_in = false, done = false;
    };
    std::vector<Client> club(100);
    // Everyone opens the invite link (the public view) and registers, as the club arrives.
    for (size_t i = 0; i < club.size(); ++i) {
        REQUIRE(call(http::verb::get, path, nullptr, "").status == 200);
        const TourReply r = call(http::verb::post, path + "/entrants", {{"name", "Member " + std::to_string(i + 1)}, {"invite", invite}}, "");
        INFO(r.text);
        REQUIRE(r.status == 201);
        club[i].token = r.body.at("token");
    }
    REQUIRE(call(http::verb::post, path + "/close", json::object(), organiser).status == 200);
    REQUIRE(call(http::verb::post, path + "/rounds", json::object(), organiser).status == 201);
    REQUIRE(call(http::verb::post, path + "/rounds/1/start", json::object(), organiser).status == 200);
    // Every member's page polls /me once a second (web-client/src/tournament/poll.ts) and checks in
    // when seated; nobody sits at the table: after the no-show time and the start grace bots play
    // every seat, and the results come back to each member's page.
    using Steady = std::chrono::steady_clock;
    std::vector<Steady::time_point> due(club.size());
    const Steady::time_point t0 = Steady::now(), give_up = t0 + std::chrono::seconds(200);
    for (size_t i = 0; i < club.size(); ++i) due[i] = t0 + std::chrono::milliseconds(10 * i);  // members arrive spread
    size_t done = 0;
    while (done < club.size() && Steady::now() < give_up) {
        const size_t i = static_cast<size_t>(std::min_element(due.begin(), due.end()) - due.begin());
        std::this_thread::sleep_until(due[i]);  // the member's own poll interval, not a wait for a condition
        due[i] += std::chrono::seconds(1);
        Client& c = club[i];
        if (c.done) {
            due[i] = Steady::time_point::max();
            continue;
        }
        const TourReply me = call(http::verb::get, path + "/me", nullptr, c.token);
        if (me.status != 200) continue;
        for (const json& r : me.body.at("rounds")) {
            if (r.at("round") != 1) continue;
            if (!c.checked_in && !r.at("checkedIn").get<bool>()) {
                c.checked_in = call(http::verb::post, path + "/checkin", json::object(), c.token).status == 200;
            }
            if (r.contains("result")) {
                c.done = true;
                ++done;
            }
        }
    }
    INFO("answers by status: " << json(statuses).dump());
    CHECK(done == club.size());
    CHECK(statuses.count(429) == 0);
    CHECK(statuses.size() == 2);  // 200 and 201 only
    const TourReply st = call(http::verb::get, path + "/standings", nullptr, "");
    REQUIRE(st.status == 200);
    CHECK(st.body.at("final") == true);

    // The budgets are per token: one member who floods is refused, the others are not.
    int refused = 0;
    for (int i = 0; i < 60; ++i) refused += tour_get(s.port, path + "/me", club[0].token).status == 429;
    CHECK(refused > 0);
    const TourReply other = tour_get(s.port, path + "/me", club[1].token);
    CHECK(other.status == 200);
    const TourReply flooded = tour_get(s.port, path + "/me", club[0].token);
    if (flooded.status == 429) {
        CHECK(flooded.retry_after == "1");
        CHECK(flooded.body.at("message").get<std::string>().find("this token") != std::string::npos);
    }
}

namespace {
// A valid tournament of `entrants` entrants named "<prefix> 1", "<prefix> 2", … (ids e1, e2, …).
hexhall::tournament::Tournament tournament_of(const std::string& id, int entrants, const std::string& prefix) {
    hexhall::tournament::Tournament t;
    t.id = id;
    t.name = "Stored " + id;
    t.organiser = "bench";
    t.secret_seed = 2026;
    t.settings.rounds = 2;
    for (int i = 0; i < entrants; ++i) {
        hexhall::tournament::Entrant en;
        en.id = "e" + std::to_string(i + 1);
        en.name = prefix + " " + std::to_string(i + 1);
        t.entrants.push_back(en);
    }
    INFO(hexhall::tournament::validate(t).value_or(""));
    REQUIRE_FALSE(hexhall::tournament::validate(t));
    return t;
}

// A tournament as an older server stored it, one whole document, with `organiser` its organiser's token.
json whole_tournament_document(const hexhall::tournament::Tournament& t, const std::string& organiser) {
    return {{"tournament", hexhall::tournament::to_json(t, hexhall::tournament::JsonView::Stored)},
            {"access", {{"organiser", hexhall::server::token_hash(organiser)}, {"invite", hexhall::server::new_invite_code()},
                        {"entrants", json::object()}, {"referees", json::object()}, {"bots", json::object()}}},
            {"run", json::object()},
            {"rev", 0}};
}
}  // namespace

TEST_CASE("tournament: a 5000-entrant round is seated while another tournament's tables end; a third one's table keeps "
          "its p99 round trip",
          "[server][tournament][flood]") {
    Watchdog dog(280);
    namespace tn = hexhall::tournament;
    const auto dir = std::filesystem::temp_directory_path() / ("hexhall-tour5000-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const std::string db = (dir / "t.db").string();
    // The big tournament is stored before the server starts (5,000 registrations through HTTP would
    // rewrite the whole document 5,000 times); the desk restores it like any other.
    const std::string organiser = hexhall::server::new_session_token();
    hexhall::server::register_builtin_games();  // the tournament's game is the registry's (run alone: no server yet)
    {
        tn::Tournament big = tournament_of("tbig5000", 5000, "Player");  // 2 rounds: seating plans this round with the next one
        big.settings.clock_preset = "untimed";
        const json doc = whole_tournament_document(big, organiser);
        hexhall::server::SqliteStore store(db);
        store.put_document("tournament", big.id, doc.dump(), 0);
        store.flush();
    }
    {
        TourServer s(db, 0.01, [](auto&, tn::DeskOptions& d) { d.max_entrants = 10000; });
        REQUIRE(tour_view(s.port, "tbig5000").at("tournament").at("entrants").size() == 5000);

        // The victim: a tournament table of four people.
        const Created v = tour_create(s.port, {{"name", "Victim"}, {"settings", {{"rounds", 1}, {"clockPreset", "untimed"}, {"noShowAfterS", 3600}}}});
        const std::vector<std::string> tokens = tour_register(s.port, v, 4, "V");
        REQUIRE(tour_post(s.port, "/tournaments/" + v.id + "/rounds", json::object(), v.organiser).status == 201);
        REQUIRE(tour_post(s.port, "/tournaments/" + v.id + "/rounds/1/start", json::object(), v.organiser).status == 200);
        for (const std::string& tok : tokens) REQUIRE(tour_post(s.port, "/tournaments/" + v.id + "/checkin", json::object(), tok).status == 200);
        std::vector<json> mine(4);
        REQUIRE(eventually([&] {
            for (size_t i = 0; i < 4; ++i) mine[i] = tour_my_round(s.port, v.id, tokens[i], 1);
            return std::all_of(mine.begin(), mine.end(), [](const json& m) { return !m.is_null() && !m.at("room").is_null(); });
        }));
        std::vector<Player> players(4);
        for (size_t i = 0; i < 4; ++i) tour_sit(players[i], s.port, mine[i], tokens[i], "V" + std::to_string(i + 1));
        for (Player& p : players)
            for (;;) {
                const json m = p.c->recv();
                if (m.at("type") == "snapshot") {
                    p.take_snapshot(m);
                    break;
                }
            }
        std::mt19937_64 rng(26);
        auto act = [&](double& seconds) {
            if (players[0].view.at("phase") == "gameOver") return false;
            Player& p = random_mover(players, rng);
            const auto t0 = std::chrono::steady_clock::now();
            p.c->request({{"type", "action"}, {"game", "catan"}, {"catan", random_intent(p, rng)}});
            p.c->recv_type("ack");
            for (Player& q : players) q.take_patch(q.c->recv_type("patch"));
            seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            return true;
        };

        // The tournament whose tables end meanwhile: 40 house bots, ten tables.
        const Created e = tour_create(s.port, {{"name", "Ending"}, {"settings", {{"rounds", 1}, {"clockPreset", "untimed"}}}});
        for (int i = 0; i < 40; ++i)
            REQUIRE(tour_post(s.port, "/tournaments/" + e.id + "/entrants", {{"name", "B" + std::to_string(i)}, {"bot", "heuristic"}}, e.organiser).status == 201);
        REQUIRE(tour_post(s.port, "/tournaments/" + e.id + "/rounds", json::object(), e.organiser).status == 201);

        std::vector<double> before, during;
        double rt = 0;
        for (int i = 0; i < 20 && act(rt); ++i) before.push_back(rt);
        REQUIRE(tour_post(s.port, "/tournaments/" + e.id + "/rounds/1/start", json::object(), e.organiser).status == 200);
        std::atomic<bool> seated{false};
        std::atomic<int> seat_status{0};
        double seat_seconds = 0;
        std::thread seat([&] {
            const auto t0 = std::chrono::steady_clock::now();
            try {
                seat_status = tour_post(s.port, "/tournaments/tbig5000/rounds", json::object(), organiser).status;
            } catch (const std::exception&) {
                seat_status = -1;
            }
            seat_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            seated = true;
        });
        while ((!seated || during.size() < 20) && act(rt)) during.push_back(rt);
        seat.join();
        CHECK(seat_status == 201);
        CHECK(eventually([&] { return tour_round_finished(s.port, e.id, 1); }, 120));  // every ending table recorded
        const json big = tour_view(s.port, "tbig5000");
        CHECK(big.at("tournament").at("rounds").at(0).at("tables").size() == 1250);
        const double p50b = tour_quantile(before, 0.5), p50 = tour_quantile(during, 0.5), p99 = tour_quantile(during, 0.99);
        std::cerr << "tournament 5000: seated in " << seat_seconds << " s; victim table round trip p50 " << p50b * 1e3
                  << " ms before, during p50 " << p50 * 1e3 << " ms, p99 " << p99 * 1e3 << " ms (" << during.size()
                  << " actions)\n";
        REQUIRE(during.size() >= 20);
        CHECK(p99 < 0.25);
        for (Player& p : players) p.c->close();
    }
    std::filesystem::remove_all(dir);
}

TEST_CASE("tournament: API budgets are per token first, then per address (a club's net), then anonymous per address",
          "[server][tournament]") {
    using hexhall::server::ApiRateLimit;
    ApiRateLimit limit;
    limit.configure({1, 2, 1, 3, 100, 10});  // token 1/s burst 2; anonymous 1/s burst 3; address 100/s burst 10
    const auto t = ApiRateLimit::Clock::now();
    CHECK(limit.allow("a", "tok1", t) == ApiRateLimit::Verdict::Allowed);
    CHECK(limit.allow("a", "tok1", t) == ApiRateLimit::Verdict::Allowed);
    CHECK(limit.allow("a", "tok1", t) == ApiRateLimit::Verdict::Token);  // this token's burst is spent …
    CHECK(limit.allow("a", "tok2", t) == ApiRateLimit::Verdict::Allowed);  // … not its neighbour's
    for (int i = 0; i < 3; ++i) CHECK(limit.allow("a", "", t) == ApiRateLimit::Verdict::Allowed);
    CHECK(limit.allow("a", "", t) == ApiRateLimit::Verdict::Anonymous);
    CHECK(limit.allow("b", "", t) == ApiRateLimit::Verdict::Allowed);  // another address
    // The address's net (10) holds whatever the tokens: 6 taken from "a" so far.
    int allowed = 0;
    for (int i = 0; i < 20; ++i) allowed += limit.allow("a", "fresh" + std::to_string(i), t) == ApiRateLimit::Verdict::Allowed;
    CHECK(allowed == 4);
    CHECK(limit.allow("a", "fresh99", t) == ApiRateLimit::Verdict::Address);
    CHECK(limit.allow("a", "tok1", t + std::chrono::seconds(1)) == ApiRateLimit::Verdict::Allowed);  // refilled
    CHECK(hexhall::server::bearer_token("Bearer abc") == "abc");
    CHECK(hexhall::server::bearer_token("Basic abc").empty());
}

// Tournaments are stored as rows (docs/decisions/013-tournament-limits.md, "Stored as rows"): a
// tournament stored whole by an older server still loads and moves to rows at its next change; a
// registration writes its entrant's rows and the head, not the whole document (whole documents:
// 23.8 MB for these 500 registrations, 47.7 KB each); a restart rebuilds the tournament from rows.
TEST_CASE("tournament: stored as rows; a whole stored document still loads; 500 registrations write little; a restart "
          "rebuilds it",
          "[server][tournament][store]") {
    Watchdog dog(280);
    namespace tn = hexhall::tournament;
    hexhall::server::register_builtin_games();
    for (const std::string& kind : test_store_kinds()) DYNAMIC_SECTION(kind) {
        TestStoreDb db(kind);
        const std::string organiser = hexhall::server::new_session_token();
        {  // an older server's whole document
            const tn::Tournament old = tournament_of("told0001", 8, "Old");
            const json doc = whole_tournament_document(old, organiser);
            auto store = db.open();
            store->put_document("tournament", old.id, doc.dump(), 0);
            store->flush();
        }
        const auto serve = [&](const std::function<void(uint16_t, tn::Desk&)>& f) {
            hexhall::server::ServerOptions o;
            o.address = "127.0.0.1";
            o.port = 0;
            o.threads = 2;
            db.use_in(o);
            auto server = std::make_unique<hexhall::server::Server>(o);
            auto desk = std::make_unique<tn::Desk>(server->hub(), &server->store(), tn::DeskOptions{});
            server->add_http_handler("/tournaments", [&desk](const hexhall::server::HttpRequest& r) { return desk->http(r); });
            desk->restore();
            const uint16_t port = server->start();
            desk->start();
            f(port, *desk);
            desk->stop();
            server->stop();
        };
        uint64_t bytes = 0;
        double seconds = 0;
        serve([&](uint16_t port, tn::Desk& desk) {
            REQUIRE(tour_view(port, "told0001").at("tournament").at("entrants").size() == 8);  // the whole document loads
            const uint64_t before = desk.stored_bytes();
            const auto t0 = std::chrono::steady_clock::now();
            for (int i = 0; i < 500; ++i)
                REQUIRE(tour_post(port, "/tournaments/told0001/entrants", {{"name", "Player " + std::to_string(i + 1)}}, organiser).status == 201);
            seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            bytes = desk.stored_bytes() - before;
        });
        {  // rows now, the whole document gone
            auto store = db.open();
            for (const auto& d : store->load_documents("tournament")) CHECK(d.id != "told0001");
            const auto rows = store->load_document_parts("tournament");
            REQUIRE(rows.size() == 1);
            CHECK(rows[0].id == "told0001");
            CHECK(rows[0].parts.size() > 508);
        }
        serve([&](uint16_t port, tn::Desk&) {  // a restart rebuilds it from the rows
            const json t = tour_view(port, "told0001").at("tournament");
            REQUIRE(t.at("entrants").size() == 508);
            CHECK(t.at("entrants").at(0).at("name") == "Old 1");
            CHECK(t.at("entrants").at(507).at("name") == "Player 500");
            CHECK(tour_post(port, "/tournaments/told0001/entrants", {{"name", "Late"}}, organiser).status == 201);
        });
        std::cerr << "tournament registration (" << kind << "): 500 entrants wrote " << bytes << " bytes of rows ("
                  << bytes / 500 << " per registration; whole documents wrote 23,831,305, 47,662 each) in " << seconds << " s\n";
        CHECK(bytes < 500u * 2000u);  // a few hundred bytes each
    }
}

// ------------------------------------------------------------------ issue 27: a referee's pause at every game's table

TEST_CASE("tournament: a referee pauses and resumes a Carcassonne table's turn clock; every seat's clock says paused and "
          "no time runs out meanwhile",
          "[server][tournament][pause]") {
    Watchdog dog(300);
    TourServer s;  // clock scale 0.01: the casual preset's 180 s a decision ("relaxed") is 1.8 s
    const Created t = tour_create(s.port, {{"name", "Carcassonne night"}, {"game", "carcassonne"},
                                           {"settings", {{"rounds", 1}, {"clockPreset", "casual"}, {"noShowAfterS", 600}}}});
    const std::vector<std::string> tokens = tour_register(s.port, t, 2);  // P1, P2: people over the protocol
    for (int i = 0; i < 2; ++i)
        REQUIRE(tour_post(s.port, "/tournaments/" + t.id + "/entrants", {{"name", "House " + std::to_string(i)}, {"bot", "heuristic"}}, t.organiser).status == 201);
    const TourReply ref = tour_post(s.port, "/tournaments/" + t.id + "/referees", {{"name", "Rex"}}, t.organiser);
    REQUIRE(ref.status == 201);
    const std::string rex = ref.body.at("token");
    REQUIRE(tour_post(s.port, "/tournaments/" + t.id + "/rounds", json::object(), t.organiser).status == 201);
    REQUIRE(tour_post(s.port, "/tournaments/" + t.id + "/rounds/1/start", json::object(), t.organiser).status == 200);
    std::vector<Player> people(2);
    for (int i = 0; i < 2; ++i) REQUIRE(tour_post(s.port, "/tournaments/" + t.id + "/checkin", json::object(), tokens[i]).status == 200);
    for (int i = 0; i < 2; ++i) {
        json mine;
        REQUIRE(eventually([&] {
            mine = tour_my_round(s.port, t.id, tokens[i], 1);
            return !mine.is_null() && !mine.at("room").is_null();
        }, 60));
        const json room = tour_sit(people[i], s.port, mine, tokens[i], "P" + std::to_string(i + 1));
        CHECK(room.at("clock") == "relaxed");  // the table has a turn clock (the casual preset)
    }
    const auto call = [&](const std::string& kind) {
        return tour_post(s.port, "/tournaments/" + t.id + "/referee", {{"round", 1}, {"table", 1}, {"kind", kind}, {"note", "a rules question"}}, rex);
    };
    const auto human = [&](const json& clock) {
        return clock.is_object() && (clock.at("seat") == people[0].seat || clock.at("seat") == people[1].seat);
    };
    // The game messages one person receives until `until` holds for one; returns it, and counts the
    // patches (applied actions) seen on the way.
    const auto read_until = [](Player& p, auto until, int& patches) {
        for (int guard = 0; guard < 100000; ++guard) {
            json m = p.c->recv_any();
            if (m.at("type") == "patch") ++patches;
            if (until(m)) return m;
        }
        FAIL("no such message");
        return json();
    };
    const auto is_game = [](const json& m) { return m.at("type") == "snapshot" || m.at("type") == "patch"; };

    // Wait until a person is awaited: then only a timeout (the takeover bot) could change the game.
    int moves = 0;
    read_until(people[0], [&](const json& m) { return is_game(m) && human(m.value("clock", json())); }, moves);

    const TourReply pa = call("pause");
    INFO(pa.text);
    REQUIRE(pa.status == 201);
    CHECK(pa.body.at("atTable") == "applied");
    CHECK(call("pause").status == 409);  // already paused
    const int64_t paused_at = unix_ms_now();
    // Every seat's fresh snapshot shows the clock paused with the same time left.
    std::vector<json> paused(2);
    std::vector<int> patches_before(2, 0);
    for (int i = 0; i < 2; ++i) {
        paused[i] = read_until(people[i], [](const json& m) { return m.at("type") == "snapshot" && m.contains("clock") && m.at("clock").contains("paused"); },
                               patches_before[i]);
        INFO(paused[i].dump().substr(0, 300));
        CHECK(paused[i].at("clock").at("paused") == true);
        CHECK(people[i].c->last_room.value("clockPaused", false) == true);
        CHECK(human(paused[i].at("clock")));
    }
    const int64_t left = paused[0].at("clock").at("leftMs").get<int64_t>();
    CHECK(left > 0);
    CHECK(left <= 1800);
    CHECK(paused[1].at("clock").at("leftMs") == left);  // Carcassonne awaits one seat: both show its time

    // No clock runs out while paused: wait twice the time left, then resume; nothing moved meanwhile.
    REQUIRE(eventually([&] { return unix_ms_now() > paused_at + 2 * left + 200; }, 60));
    const TourReply re = call("resume");
    INFO(re.text);
    REQUIRE(re.status == 201);
    const int64_t resumed_at = unix_ms_now();
    CHECK(call("resume").status == 409);  // not paused
    for (int i = 0; i < 2; ++i) {
        int patches = 0;
        const json resumed = read_until(people[i], [](const json& m) { return m.at("type") == "snapshot" && m.contains("clock") && !m.at("clock").contains("paused"); },
                                        patches);
        CHECK(patches == 0);  // no timeout fired during the pause
        CHECK_FALSE(people[i].c->last_room.contains("clockPaused"));
        CHECK(resumed.at("clock").at("seat") == paused[i].at("clock").at("seat"));  // the same wait: its deadline moved
        CHECK(resumed.at("clock").at("deadline").get<int64_t>() >= resumed_at - 50 + left - 100);
    }
    // The clock runs again: the awaited person's time runs out and the takeover bot moves for them.
    int after = 0;
    read_until(people[0], [](const json& m) { return m.at("type") == "patch"; }, after);
    CHECK(unix_ms_now() >= resumed_at + left - 150);

    for (Player& p : people) p.c->close();
}

TEST_CASE("tournament: a referee's pause at a Struggle table holds over a server restart, and resume runs its clock again",
          "[server][tournament][pause][crash]") {
    Watchdog dog(300);
    const auto dir = std::filesystem::temp_directory_path() / ("hexhall-tour-pause-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    const std::string db = (dir / "t.db").string();
    // Reads one person's messages until `until` holds for one; returns it.
    const auto read_until = [](Player& p, auto until) {
        for (int guard = 0; guard < 100000; ++guard) {
            json m = p.c->recv_any();
            if (until(m)) return m;
        }
        FAIL("no such message");
        return json();
    };
    const auto paused_snapshot = [](const json& m) {
        return m.at("type") == "snapshot" && m.contains("clock") && m.at("clock").value("paused", false);
    };
    Created t;
    std::string token, rex;
    {
        TourServer s(db);
        t = tour_create(s.port, {{"name", "Struggle night"}, {"game", "struggle"},
                                 {"settings", {{"rounds", 1}, {"tableSize", 2}, {"clockPreset", "casual"}, {"noShowAfterS", 600}}}});
        token = tour_register(s.port, t, 1).at(0);
        REQUIRE(tour_post(s.port, "/tournaments/" + t.id + "/entrants", {{"name", "House"}, {"bot", "heuristic"}}, t.organiser).status == 201);
        const TourReply ref = tour_post(s.port, "/tournaments/" + t.id + "/referees", {{"name", "Rex"}}, t.organiser);
        REQUIRE(ref.status == 201);
        rex = ref.body.at("token");
        REQUIRE(tour_post(s.port, "/tournaments/" + t.id + "/rounds", json::object(), t.organiser).status == 201);
        REQUIRE(tour_post(s.port, "/tournaments/" + t.id + "/rounds/1/start", json::object(), t.organiser).status == 200);
        REQUIRE(tour_post(s.port, "/tournaments/" + t.id + "/checkin", json::object(), token).status == 200);
        json mine;
        REQUIRE(eventually([&] {
            mine = tour_my_round(s.port, t.id, token, 1);
            return !mine.is_null() && !mine.at("room").is_null();
        }, 60));
        Player p;
        CHECK(tour_sit(p, s.port, mine, token, "P1").at("clock") == "relaxed");  // the casual preset's clock
        // Her decision is awaited (her own clock runs); the referee pauses the table.
        read_until(p, [&](const json& m) {
            return (m.at("type") == "snapshot" || m.at("type") == "patch") && m.contains("clock") && m.at("clock").at("seat") == p.seat;
        });
        const TourReply pa = tour_post(s.port, "/tournaments/" + t.id + "/referee", {{"round", 1}, {"table", 1}, {"kind", "pause"}}, rex);
        INFO(pa.text);
        REQUIRE(pa.status == 201);
        read_until(p, paused_snapshot);
        p.c->close();
    }  // the server stops
    TourServer s(db);
    // The desk pauses the restored table again: she comes back to a paused clock.
    json mine = tour_my_round(s.port, t.id, token, 1);
    REQUIRE(!mine.is_null());
    Player p;
    tour_sit(p, s.port, mine, token, "P1");
    const json paused = read_until(p, paused_snapshot);
    CHECK(p.c->last_room.value("clockPaused", false) == true);
    CHECK(paused.at("clock").at("seat") == p.seat);
    const int64_t left = paused.at("clock").at("leftMs").get<int64_t>();
    CHECK(left > 0);
    CHECK(left <= 1800);
    const int64_t paused_seen = unix_ms_now();
    REQUIRE(eventually([&] { return unix_ms_now() > paused_seen + 2 * left + 200; }, 60));
    const TourReply re = tour_post(s.port, "/tournaments/" + t.id + "/referee", {{"round", 1}, {"table", 1}, {"kind", "resume"}}, rex);
    INFO(re.text);
    REQUIRE(re.status == 201);
    const int64_t resumed_at = unix_ms_now();
    bool moved = false;  // no timeout fired while paused
    const json resumed = read_until(p, [&](const json& m) {
        moved = moved || m.at("type") == "patch";
        return m.at("type") == "snapshot" && m.contains("clock") && !m.at("clock").contains("paused");
    });
    CHECK_FALSE(moved);
    CHECK(resumed.at("clock").at("seat") == p.seat);
    CHECK(resumed.at("clock").at("deadline").get<int64_t>() >= resumed_at - 50 + left - 100);
    // Her clock runs again: when it runs out the takeover bot decides for her.
    read_until(p, [](const json& m) { return m.at("type") == "patch"; });
    p.c->close();
    std::filesystem::remove_all(dir);
}

// Issue 29: an entrant who enters (or checks in) while logged in links their account; the table's
// game then goes to that account's profile whoever plays the seat (here another device, a guest
// session). Tournament games are not rated for the public ladder. An entrant without an account
// (a guest session links nothing) is unaffected.
TEST_CASE("tournament: an entrant's linked account gets the table's game on its profile, unrated, from any device; "
          "an entrant without an account is unaffected",
          "[server][tournament][accounts]") {
    Watchdog dog(300);
    TourServer s;
    const Created t = tour_create(s.port, {{"name", "Linked night"}, {"settings", {{"rounds", 1}, {"clockPreset", "untimed"}, {"noShowAfterS", 60}}}});
    auto lobby_call = [](WsClient& c, json body) {
        const json sent = c.request(std::move(body));
        for (;;) {
            json m = c.recv();
            if (m.contains("id") && m.at("id") == sent.at("id")) return m;
        }
    };
    // Ann registers in the lobby, then enters with that (logged-in) session.
    WsClient ann_lobby(s.port);
    ann_lobby.hello("guest");
    REQUIRE(lobby_call(ann_lobby, {{"type", "register"}, {"name", "Ann"}, {"password", "Ann password"}}).at("type") == "account");
    const TourReply ann = tour_post(s.port, "/tournaments/" + t.id + "/entrants", {{"name", "Annie"}, {"invite", t.invite}, {"session", ann_lobby.token}});
    INFO(ann.text);
    REQUIRE(ann.status == 201);
    REQUIRE(ann.body.at("account").is_object());
    CHECK(ann.body.at("account").at("name") == "Ann");
    const std::string ann_token = ann.body.at("token");
    // Bo enters from a guest session: nothing to link.
    WsClient bo_lobby(s.port);
    bo_lobby.hello("Bo");
    const TourReply bo = tour_post(s.port, "/tournaments/" + t.id + "/entrants", {{"name", "Bo"}, {"invite", t.invite}, {"session", bo_lobby.token}});
    REQUIRE(bo.status == 201);
    CHECK(bo.body.at("account").is_null());
    const std::string bo_token = bo.body.at("token");
    tour_register(s.port, t, 1, "Q");
    // Cy enters without a session, and links the account at check-in (logged in by then).
    const TourReply cy = tour_post(s.port, "/tournaments/" + t.id + "/entrants", {{"name", "Cy"}, {"invite", t.invite}});
    REQUIRE(cy.status == 201);
    CHECK(cy.body.at("account").is_null());
    const std::string cy_token = cy.body.at("token");
    WsClient cy_lobby(s.port);
    cy_lobby.hello("guest");
    REQUIRE(lobby_call(cy_lobby, {{"type", "register"}, {"name", "Cyrus"}, {"password", "Cyrus password"}}).at("type") == "account");
    // check-in takes only "session" (an unknown key is refused by name).
    CHECK(tour_post(s.port, "/tournaments/" + t.id + "/checkin", {{"sessionX", "x"}}, bo_token).status == 400);
    REQUIRE(tour_post(s.port, "/tournaments/" + t.id + "/rounds", json::object(), t.organiser).status == 201);
    const TourReply cy_in = tour_post(s.port, "/tournaments/" + t.id + "/checkin", {{"session", cy_lobby.token}}, cy_token);
    INFO(cy_in.text);
    REQUIRE(cy_in.status == 200);
    CHECK(cy_in.body.at("account").at("name") == "Cyrus");
    REQUIRE(tour_post(s.port, "/tournaments/" + t.id + "/rounds/1/start", json::object(), t.organiser).status == 200);
    // Ann plays her seat from another device: a fresh guest session, not logged in. Cy checked in
    // but never sits: a stand-in bot plays Cy's seat once the table's start grace is over. Bo and
    // Q1 never check in (bots play their seats after the no-show time, for nobody).
    tour_play_round(s.port, t.id, ann_token, "Annie", 1, 29);
    REQUIRE(eventually([&] { return tour_round_finished(s.port, t.id, 1); }, 120));
    const json mine = tour_my_round(s.port, t.id, ann_token, 1);
    REQUIRE(mine.contains("result"));
    const int seat = mine.at("gameSeat").get<int>();
    bool won = false;
    for (const json& w : mine.at("result").at("winners")) won = won || w.get<int>() == seat;
    const TourReply ann_me = tour_get(s.port, "/tournaments/" + t.id + "/me", ann_token);
    CHECK(ann_me.body.at("account").at("name") == "Ann");

    // Ann's profile lists the table's game with its result, unrated; no rating is made.
    int status = 0;
    json page;
    REQUIRE(eventually([&] {
        page = json::parse(http_get(s.port, "/players/Ann", status));
        return status == 200 && page.value("played", 0) >= 1;
    }, 60));
    INFO(page.dump());
    CHECK(page.at("played") == 1);
    const json game = page.at("games").at(0);
    CHECK(game.at("room") == mine.at("room"));
    CHECK(game.at("rated") == false);
    CHECK(game.at("won") == won);
    CHECK(game.at("opponents").size() == 3);
    CHECK(page.at("ratings").empty());
    // Cy's account has the same game although a stand-in bot played the whole of Cy's seat.
    json cy_page;
    REQUIRE(eventually([&] {
        cy_page = json::parse(http_get(s.port, "/players/Cyrus", status));
        return status == 200 && cy_page.value("played", 0) >= 1;
    }, 60));
    CHECK(cy_page.at("played") == 1);
    CHECK(cy_page.at("games").at(0).at("room") == mine.at("room"));
    CHECK(cy_page.at("games").at(0).at("rated") == false);

    // Bo: no account linked, a forfeit in the standings as before.
    const TourReply bo_me = tour_get(s.port, "/tournaments/" + t.id + "/me", bo_token);
    REQUIRE(bo_me.status == 200);
    CHECK(bo_me.body.at("account").is_null());
    const TourReply st = tour_get(s.port, "/tournaments/" + t.id + "/standings");
    for (const json& x : st.body.at("individual"))
        if (x.at("name") == "Bo") CHECK(x.at("forfeits") == 1);
}
