// Every seat a game has can be taken by a person (issue 26): a room of every registered game at its
// largest size (5-player Carcassonne, 6-player Struggle) is joined by people in every seat, seats 4
// and 5 included, started and played a few moves; the room, not the message decoder, decides which
// seats exist.
#include <algorithm>
#include <set>

#include "tests/games/test_games.hpp"
#include "tests/server/ws_client.hpp"

using namespace hexhall::test;

namespace {

// One person in one seat of a game of any kind: its legal actions and stream version.
struct Person {
    std::unique_ptr<WsClient> c;
    std::string game;
    json legal = json::array();
    uint64_t version = 0;

    void take(const json& m) {
        INFO(m.dump().substr(0, 300));
        if (m.at("type") == "snapshot") {
            version = m.at("version").get<uint64_t>();
        } else {
            REQUIRE(m.at("type") == "patch");
            REQUIRE(m.at("from").get<uint64_t>() == version);
            version = m.at("to").get<uint64_t>();
        }
        legal = m.at(game).value("legal", json::array());
        if (legal.is_object()) legal = legal.value("actions", json::array());  // Catan: {actions, discard}
    }
    // Messages until the stream reaches `v` (started, history and room pushes are passed over).
    void catch_up(uint64_t v) {
        for (int n = 0; version < v; ++n) {
            REQUIRE(n < 1000);
            const json m = c->recv();
            if (m.at("type") == "started") continue;
            take(m);
        }
    }
};

}  // namespace

TEST_CASE("seats: every seat of every registered game, up to its largest size, is joined and played by people "
          "(issue 26)", "[server][seats]") {
    for (const hexhall::core::GameModule& m : registry_with_test_games().modules()) {
        SECTION(m.name) {
            const hexhall::core::GameModule module = m;  // the server (re)registers the built-in games
            Watchdog wd(120);
            TestServer s;
            const int seats = module.max_seats;
            std::vector<Person> people(static_cast<size_t>(seats));
            std::string room;
            for (int i = 0; i < seats; ++i) {
                Person& p = people[static_cast<size_t>(i)];
                p.game = module.name;
                p.c = std::make_unique<WsClient>(s.port);
                p.c->hello("P" + std::to_string(i));
                if (i == 0) room = p.c->create({{"game", module.name}, {"players", seats}}).at("room");
                const json joined = p.c->join(room, i);
                INFO(module.name << " seat " << i << ": " << joined.dump());
                REQUIRE(joined.at("type") == "joined");
                CHECK(joined.at("seat") == i);
            }
            // A seat the game does not have is refused by the room, naming it; one past every game's
            // largest is refused by the decoder.
            people[0].c->request({{"type", "addBot"}, {"room", room}, {"seat", seats}, {"bot", module.bots.front()}});
            CHECK(people[0].c->recv_error() == "out_of_range");
            people[0].c->request({{"type", "addBot"}, {"room", room}, {"seat", hexhall::core::kMaxSeats}});
            CHECK(people[0].c->recv_error() == "out_of_range");
            auto all_taken = [](const json& r) {
                const json& st = r.at("seats");
                return std::all_of(st.begin(), st.end(), [](const json& x) { return !x.is_null(); });
            };
            json full = people[0].c->last_room;  // the replies above may have passed it already
            if (full.is_null() || !all_taken(full)) full = people[0].c->room_until(all_taken);
            CHECK(full.at("seats").size() == static_cast<size_t>(seats));

            people[0].c->request({{"type", "start"}, {"room", room}});
            for (Person& p : people) {
                json m = p.c->recv();
                if (m.at("type") == "started") m = p.c->recv();
                p.take(m);
            }
            // A few moves: whoever has one plays its first legal action; everyone follows the patches.
            std::set<size_t> movers;
            for (int move = 0; move < 3 * seats; ++move) {
                size_t who = people.size();
                for (size_t i = 0; i < people.size() && who == people.size(); ++i)
                    if (!people[i].legal.empty()) who = i;
                if (who == people.size()) break;  // nobody to move (a game decided already)
                Person& p = people[who];
                const json sent = p.c->request({{"type", "action"}, {"game", module.name}, {module.name, p.legal.at(0)}});
                uint64_t to = 0;
                for (int n = 0;; ++n) {
                    REQUIRE(n < 1000);
                    const json m = p.c->recv();
                    INFO(module.name << " seat " << who << " sent " << sent.dump() << " got " << m.dump().substr(0, 300));
                    REQUIRE(m.at("type") != "error");
                    if (m.at("type") == "ack") {
                        to = m.at("version").get<uint64_t>();
                        break;
                    }
                    p.take(m);
                }
                for (Person& q : people) q.catch_up(to);
                movers.insert(who);
            }
            INFO(module.name << ": seats that moved: " << movers.size());
            CHECK_FALSE(movers.empty());
            if (seats > 4) CHECK(*movers.rbegin() >= 4);  // a seat past the fourth played
        }
    }
}
