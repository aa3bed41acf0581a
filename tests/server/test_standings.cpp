// GET /standings?rooms=… (docs/protocol.md, "Standings"): the HK 2024 individual ranking (HK-1)
// over finished games read from the store, with the rooms that cannot count listed and why.
#include "tests/server/ws_client.hpp"

#include <cctype>
#include <cstdio>
#include <map>
#include <numeric>

using namespace hexhall::test;

namespace {

// A 4-bot game to 10 VP, watched by its host until the seed is revealed; returns the room.
std::string finished_bot_game(TestServer& ts, WsClient& host) {
    const std::string room =
        host.create({{"players", 4}, {"botFill", "heuristic"}}).at("room").get<std::string>();
    REQUIRE(host.join(room, nullptr).at("type") == "joined");  // a spectator
    host.request({{"type", "start"}, {"room", room}});
    for (int n = 0;; ++n) {
        REQUIRE(n < 100000);
        if (host.recv().at("type") == "seedReveal") break;
    }
    int status = 0;
    for (int i = 0; i < 50; ++i) {  // the finished state is stored by the writer thread
        http_get(ts.port, "/games/" + room + "/record", status);
        if (status == 200) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    REQUIRE(status == 200);
    return room;
}

}  // namespace

TEST_CASE("standings: HK-1 ranking over finished games, the others listed as skipped", "[server][HK-1.9][HK-1.12]") {
    Watchdog watchdog(120);
    TestServer ts;
    WsClient host(ts.port);
    host.hello("Organiser");
    const std::string a = finished_bot_game(ts, host), b = finished_bot_game(ts, host);
    WsClient other(ts.port);
    other.hello("Late");
    const std::string open = other.create({{"players", 4}}).at("room").get<std::string>();

    int status = 0;
    const json s = json::parse(
        http_get(ts.port, "/standings?rooms=" + a + "%2C" + b + "," + open + ",ffffffff,NOT-AN-ID", status));
    REQUIRE(status == 200);
    REQUIRE(s.at("games").size() == 2);
    REQUIRE(s.at("skipped").size() == 3);
    CHECK(s.at("skipped")[0].at("room") == open);
    CHECK(s.at("skipped")[0].at("reason") == "the game has not finished");
    CHECK(s.at("skipped")[1].at("reason") == "no such room");
    CHECK(s.at("skipped")[2].at("reason") == "not a room id");

    // Bots are told apart by seat, and the same seat's bot is one "player" across the two games.
    const json& rows = s.at("standings");
    REQUIRE(rows.size() == 4);
    std::map<std::string, int> expected_mp;
    for (const json& g : s.at("games")) {
        const json record = json::parse(http_get(ts.port, "/games/" + g.at("room").get<std::string>() + "/record", status));
        CHECK(record.at("result").at("winners") == json::array({g.at("winner")}));  // the record agrees on the winner
        const int w = g.at("winner").get<int>();
        CHECK(g.at("vp")[w].get<int>() >= 10);
        ++expected_mp[g.at("players")[w].get<std::string>()];
    }
    int64_t pop_num = 0, pop_den = 1;  // the PoP of all players sums to 1 per 4-player game (HK-1.6)
    int previous_rank = 0;
    for (const json& r : rows) {
        INFO(r.dump());
        CHECK(r.at("games") == 2);
        CHECK(r.at("player").get<std::string>().find("(bot at seat ") != std::string::npos);
        const auto it = expected_mp.find(r.at("player").get<std::string>());
        CHECK(r.at("matchPoints") == (it == expected_mp.end() ? 0 : it->second));  // HK-1.3
        CHECK(r.at("rank").get<int>() >= previous_rank);  // ordered by rank (HK-1.9, HK-1.10)
        previous_rank = r.at("rank").get<int>();
        const int64_t n = r.at("pop").at("num").get<int64_t>(), d = r.at("pop").at("den").get<int64_t>();
        pop_num = pop_num * d + n * pop_den;
        pop_den *= d;
        const int64_t g = std::gcd(pop_num, pop_den);
        pop_num /= g;
        pop_den /= g;
    }
    CHECK(rows[0].at("rank") == 1);
    CHECK(pop_num == 2);
    CHECK(pop_den == 1);

    http_get(ts.port, "/standings", status);
    CHECK(status == 400);

    // Teams (HK-1.12): seats 0 and 2 against seats 1 and 3, one division. A team's score is its
    // members' average rank within the division, lower first.
    std::map<std::string, int> rank_of;
    for (const json& r : rows) rank_of[r.at("player").get<std::string>()] = r.at("rank").get<int>();
    auto bot = [](int seat) { return "heuristic (bot at seat " + std::to_string(seat) + ")"; };
    const json teams = json::array({{{"name", "Even"}, {"division", "open"}, {"members", {bot(0), bot(2)}}},
                                    {{"name", "Odd"}, {"division", "open"}, {"members", {bot(1), bot(3)}}}});
    auto encode = [](const std::string& text) {
        std::string out;
        for (unsigned char c : text) {
            if (std::isalnum(c)) out.push_back(static_cast<char>(c));
            else {
                char b[4];
                std::snprintf(b, sizeof b, "%%%02X", c);
                out += b;
            }
        }
        return out;
    };
    const json t = json::parse(
        http_get(ts.port, "/standings?rooms=" + a + "," + b + "&teams=" + encode(teams.dump()), status));
    REQUIRE(status == 200);
    REQUIRE(t.at("teams").size() == 2);
    const double even = (rank_of[bot(0)] + rank_of[bot(2)]) / 2.0, odd = (rank_of[bot(1)] + rank_of[bot(3)]) / 2.0;
    for (const json& row : t.at("teams")) {
        INFO(row.dump());
        const bool is_even = row.at("name") == "Even";
        CHECK(row.at("division") == "open");
        CHECK(row.at("averageValue").get<double>() == (is_even ? even : odd));
        CHECK(row.at("memberRanks")[0] == rank_of[bot(is_even ? 0 : 1)]);
        if (even != odd) CHECK(row.at("rank") == ((is_even == (even < odd)) ? 1 : 2));
    }
    const json unknown = json::array({{{"name", "X"}, {"members", {"Nobody"}}}});
    const json bad = json::parse(
        http_get(ts.port, "/standings?rooms=" + a + "&teams=" + encode(unknown.dump()), status));
    CHECK(status == 400);
    CHECK(bad.at("message").get<std::string>().find("Nobody") != std::string::npos);
    http_get(ts.port, "/standings?rooms=" + a + "&teams=%7Bnot%20json", status);
    CHECK(status == 400);
}
