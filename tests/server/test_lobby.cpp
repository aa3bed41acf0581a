// Lobby over the wire (docs/protocol.md, "Lobby (server)"): private rooms and invites, passwords,
// the host's powers, kicks, chat limits, spectators, bot fill, external bot seats, sessions.
#include "tests/server/ws_client.hpp"

using namespace hexhall::test;

namespace {

std::unique_ptr<WsClient> connect(const TestServer& s, const std::string& name) {
    auto c = std::make_unique<WsClient>(s.port);
    c->hello(name);
    return c;
}

// Ann creates a 3-player room and takes seat 0 (she is its host); Bob takes seat 1.
struct TwoSeated {
    std::unique_ptr<WsClient> a, b;
    std::string room;
};
TwoSeated host_and_guest(const TestServer& s) {
    TwoSeated t{connect(s, "Ann"), connect(s, "Bob"), ""};
    t.room = t.a->create({{"players", 3}}).at("room");
    REQUIRE(t.a->join(t.room, 0).at("type") == "joined");
    REQUIRE(t.b->join(t.room, 1).at("type") == "joined");
    return t;
}

json rooms_of(WsClient& c) {
    c.request({{"type", "listRooms"}});
    return c.recv_type("rooms").at("rooms");
}

}  // namespace

TEST_CASE("lobby: a private room is unlisted and joined by invite only", "[server][lobby]") {
    Watchdog wd(60);
    TestServer s;
    auto a = connect(s, "Ann");
    auto b = connect(s, "Bob");
    json created = a->create({{"private", true}});
    const std::string room = created.at("room"), invite = created.at("invite");
    CHECK(invite.size() >= 16);  // >= 96 random bits, URL-safe
    CHECK(invite.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_") ==
          std::string::npos);
    CHECK_FALSE(created.contains("seatTokens"));
    json pub = a->create();
    CHECK(pub.at("invite") != invite);

    json list = rooms_of(*b);
    REQUIRE(list.size() == 1);
    CHECK(list[0].at("room") == pub.at("room"));
    CHECK_FALSE(list[0].contains("invite"));
    CHECK(list[0].at("private") == false);

    CHECK(b->join(room, 1).at("code") == "no_room");
    a->request({{"type", "joinRoom"}, {"room", room}, {"seat", 0}});  // the host is a member already
    CHECK(a->recv_type("joined").at("seat") == 0);
    b->request({{"type", "joinRoom"}, {"invite", invite}, {"seat", 1}});
    json j = b->recv_type("joined");
    CHECK(j.at("room") == room);
    CHECK(j.at("seat") == 1);
    json push = b->recv_type("room");
    CHECK(push.at("private") == true);
    CHECK(push.at("invite") == invite);
    CHECK(push.at("host") == 0);
    CHECK(push.at("seats")[1].at("name") == "Bob");
    CHECK(push.at("seats")[1].at("kind") == "human");
    CHECK(push.at("seats")[1].at("connected") == true);
    CHECK(push.at("spectatorsAllowed") == true);
    CHECK(push.at("clock") == "none");
    CHECK(push.at("grace") == 60);
    CHECK(push.at("fixedSeed") == false);
    // The host sees the same change.
    CHECK(a->room_until([](const json& r) { return !r.at("seats")[1].is_null(); }).at("seats")[1].at("name") == "Bob");
    b->request({{"type", "joinRoom"}, {"invite", "nope"}, {"seat", 2}});
    CHECK(b->recv_error() == "no_room");
}

TEST_CASE("lobby: a wrong password is refused", "[server][lobby]") {
    Watchdog wd(60);
    TestServer s;
    auto a = connect(s, "Ann");
    auto b = connect(s, "Bob");
    const std::string room = a->create({{"password", "s3cret"}}).at("room");
    CHECK(b->join(room, 1).at("code") == "bad_password");
    CHECK(b->join(room, 1, {{"password", "wrong"}}).at("code") == "bad_password");
    CHECK(b->join(room, 1, {{"password", "s3cret"}}).at("type") == "joined");
    CHECK(a->join(room, 0).at("type") == "joined");  // the host needs no password
    a->request({{"type", "createRoom"}, {"password", ""}});
    CHECK(a->recv_error() == "bad_option");
    a->request({{"type", "createRoom"}, {"game", "chess"}});
    CHECK(a->recv_error() == "bad_option");
    a->request({{"type", "createRoom"}, {"game", "catan"}, {"numbers", "random"}, {"ruleset", "hk2024"}, {"boardSeed", 9}});
    json hk = a->recv_type("roomCreated");
    REQUIRE(b->join(hk.at("room"), nullptr).at("type") == "joined");
    json push = b->recv_type("room");
    CHECK(push.at("options").at("ruleset") == "hk2024");
    CHECK(push.at("options").at("boardSeed") == 9);
    CHECK(push.at("options").at("numbers") == "random");
    CHECK(push.at("clock") == "hk2024");  // the default clock of that ruleset
}

TEST_CASE("lobby: addBot with an unknown bot names the game's bots", "[server][lobby]") {
    Watchdog wd(60);
    TestServer s;
    auto [a, b, room] = host_and_guest(s);
    a->request({{"type", "addBot"}, {"room", room}, {"seat", 2}, {"bot", "nonesuch"}});
    const json e = a->recv_type("error");
    CHECK(e.at("code") == "bad_value");
    CHECK(e.at("message") == "unknown bot: this game's bots are random, heuristic, search");
    a->request({{"type", "addBot"}, {"room", room}, {"seat", 2}, {"bot", "search"}});
    CHECK(a->recv_type("botAdded").at("seat") == 2);
}

TEST_CASE("lobby: only the host may start, kick, add and remove bots; transferHost", "[server][lobby]") {
    Watchdog wd(60);
    TestServer s;
    auto [a, b, room] = host_and_guest(s);

    b->request({{"type", "start"}, {"room", room}});
    CHECK(b->recv_error() == "not_host");
    b->request({{"type", "addBot"}, {"room", room}, {"seat", 2}});
    CHECK(b->recv_error() == "not_host");
    b->request({{"type", "kick"}, {"room", room}, {"seat", 0}});
    CHECK(b->recv_error() == "not_host");
    b->request({{"type", "transferHost"}, {"room", room}, {"seat", 1}});
    CHECK(b->recv_error() == "not_host");

    a->request({{"type", "addBot"}, {"room", room}, {"seat", 2}, {"bot", "heuristic"}});
    CHECK(a->recv_type("botAdded").at("seat") == 2);
    b->request({{"type", "removeBot"}, {"room", room}, {"seat", 2}});
    CHECK(b->recv_error() == "not_host");
    a->request({{"type", "removeBot"}, {"room", room}, {"seat", 2}});
    CHECK(a->recv_type("ok").at("id") == a->next_id - 1);
    json push = a->recv_type("room");
    while (!push.at("seats")[2].is_null()) push = a->recv_type("room");
    a->request({{"type", "start"}, {"room", room}});
    CHECK(a->recv_error() == "seats_empty");

    a->request({{"type", "transferHost"}, {"room", room}, {"seat", 2}});  // not a seated human
    CHECK(a->recv_error() == "bad_value");
    a->request({{"type", "transferHost"}, {"room", room}, {"seat", 1}});
    CHECK(a->recv_type("ok").at("type") == "ok");
    push = b->recv_type("room");
    while (push.at("host") != 1) push = b->recv_type("room");
    CHECK(push.at("host") == 1);
    a->request({{"type", "start"}, {"room", room}});
    CHECK(a->recv_error() == "not_host");
    b->request({{"type", "addBot"}, {"room", room}, {"seat", 2}});
    CHECK(b->recv_type("botAdded").at("seat") == 2);
    b->request({{"type", "start"}, {"room", room}});
    CHECK(b->recv_type("started").at("room") == room);
}

TEST_CASE("lobby: kick before the start frees the seat; the kicked session cannot return", "[server][lobby]") {
    Watchdog wd(60);
    TestServer s;
    auto [a, b, room] = host_and_guest(s);
    a->request({{"type", "kick"}, {"room", room}, {"seat", 0}});
    CHECK(a->recv_error() == "bad_value");  // not oneself
    a->request({{"type", "kick"}, {"room", room}, {"seat", 1}});
    CHECK(a->recv_type("ok").at("type") == "ok");
    json k = b->recv_type("kicked");
    CHECK(k.at("room") == room);
    json push = a->recv_type("room");
    while (!push.at("seats")[1].is_null()) push = a->recv_type("room");
    CHECK(push.at("seats")[1].is_null());
    CHECK(b->join(room, 1).at("code") == "kicked");
    CHECK(b->join(room, nullptr).at("code") == "kicked");
}

TEST_CASE("lobby: chat reaches every member, with a rate limit and a length limit", "[server][lobby]") {
    Watchdog wd(60);
    TestServer s;
    auto a = connect(s, "Ann");
    auto b = connect(s, "Bob");
    auto c = connect(s, "Cat");
    const std::string room = a->create().at("room");
    REQUIRE(a->join(room, 0).at("type") == "joined");
    REQUIRE(b->join(room, 1).at("type") == "joined");
    REQUIRE(c->join(room, nullptr).at("type") == "joined");

    a->request({{"type", "chat"}, {"room", room}, {"text", "hello, table"}});
    json mine = a->recv_type("chat");
    CHECK(mine.at("id") == a->next_id - 1);
    CHECK(mine.at("seat") == 0);
    CHECK(mine.at("name") == "Ann");
    CHECK(mine.at("text") == "hello, table");
    CHECK(std::llabs(mine.at("time").get<int64_t>() - unix_ms_now()) < 60'000);
    for (WsClient* other : {b.get(), c.get()}) {
        json m = other->recv_type("chat");
        CHECK_FALSE(m.contains("id"));
        CHECK(m.at("text") == "hello, table");
        CHECK(m.at("seat") == 0);
    }
    c->request({{"type", "chat"}, {"room", room}, {"text", "a spectator"}});
    CHECK(c->recv_type("chat").at("seat") == -1);
    CHECK(a->recv_type("chat").at("name") == "Cat");

    std::string long_ok;
    for (int i = 0; i < 300; ++i) long_ok += "\xc3\xa9";  // 300 characters, 600 bytes
    a->request({{"type", "chat"}, {"room", room}, {"text", long_ok + "x"}});
    CHECK(a->recv_error() == "too_long");
    for (int i = 0; i < 4; ++i) {
        a->request({{"type", "chat"}, {"room", room}, {"text", i == 0 ? long_ok : "again"}});
        CHECK(a->recv_type("chat").at("id") == a->next_id - 1);
    }
    a->request({{"type", "chat"}, {"room", room}, {"text", "one too many"}});
    CHECK(a->recv_error() == "rate_limited");
    b->request({{"type", "chat"}, {"room", room}, {"text", "Bob has his own budget"}});
    json reply = b->recv_type("chat");
    while (!reply.contains("id")) reply = b->recv_type("chat");  // Ann's and Cat's messages first
    CHECK(reply.at("id") == b->next_id - 1);
    CHECK(reply.at("seat") == 1);
    auto d = connect(s, "Dan");
    d->request({{"type", "chat"}, {"room", room}, {"text", "not a member"}});
    CHECK(d->recv_error() == "not_in_room");
}

TEST_CASE("lobby: a room without spectators refuses them", "[server][lobby]") {
    Watchdog wd(60);
    TestServer s;
    auto a = connect(s, "Ann");
    const std::string room = a->create({{"spectators", false}}).at("room");
    CHECK(a->join(room, nullptr).at("code") == "no_spectators");
    CHECK(rooms_of(*a)[0].at("spectatorsAllowed") == false);
}

TEST_CASE("lobby: botFill fills the empty seats at the start", "[server][lobby]") {
    Watchdog wd(60);
    TestServer s;
    auto a = connect(s, "Ann");
    const std::string room = a->create({{"players", 4}, {"botFill", "random"}, {"seed", 5}}).at("room");
    REQUIRE(a->join(room, 0).at("type") == "joined");
    a->request({{"type", "start"}, {"room", room}});
    json push = a->recv_type("room");
    while (!push.at("started").get<bool>()) push = a->recv_type("room");
    for (int i = 1; i < 4; ++i) {
        CHECK(push.at("seats")[i].at("kind") == "bot");
        CHECK(push.at("seats")[i].at("name") == "random");
    }
    CHECK(push.at("fixedSeed") == true);
    CHECK(a->recv_type("started").at("id") == a->next_id - 1);
    Player p;
    p.seat = 0;
    p.take_snapshot(a->recv_type("snapshot"));
    CHECK(p.view.at("players").size() == 4);
    auto b = connect(s, "Bob");
    b->request({{"type", "createRoom"}, {"botFill", "genius"}});
    CHECK(b->recv_error() == "bad_option");
}

namespace {
// Ann takes seat 0 of a new room with `options` (bots fill the rest), starts it and plays the set-up
// placements with her first legal action each time; returns her view once the first turn begins.
json view_after_setup(TestServer& s, const json& options) {
    Player p;
    p.seat = 0;
    p.c = connect(s, "Ann");
    const std::string room = p.c->create(options).at("room");
    REQUIRE(p.c->join(room, 0).at("type") == "joined");
    p.c->request({{"type", "start"}, {"room", room}});
    p.c->recv_type("started");
    p.take_snapshot(p.c->recv_type("snapshot"));
    while (p.view.at("turn").get<int>() == 0) {
        if (p.has_move() && !p.legal.at("actions").empty()) {
            p.c->request({{"type", "action"}, {"game", "catan"}, {"catan", p.legal.at("actions")[0]}});
            REQUIRE(p.c->recv().at("type") == "ack");
        }
        p.take_patch(p.c->recv_type("patch"));
    }
    return p.view;
}
}  // namespace

TEST_CASE("lobby: with a fixed seed the built-in bots play the same way in every room", "[server][lobby]") {
    Watchdog wd(60);
    TestServer s;
    const json options = {{"players", 4}, {"map", "random"}, {"botFill", "random"}, {"seed", 2024}};
    const json first = view_after_setup(s, options), second = view_after_setup(s, options);
    CHECK(first.at("settlements") == second.at("settlements"));  // the bots placed the same
    CHECK(first.at("roads") == second.at("roads"));
    CHECK(first == second);
    // Without a fixed seed the games differ (another board, other bot seeds).
    json secret = options;
    secret.erase("seed");
    CHECK(view_after_setup(s, secret).at("settlements") != first.at("settlements"));
}

TEST_CASE("lobby: an external bot seat needs its seat token", "[server][lobby]") {
    Watchdog wd(60);
    TestServer s;
    auto a = connect(s, "Ann");
    auto bot = connect(s, "ExtBot");
    json created = a->create({{"players", 3}, {"externalBots", {2}}});
    const std::string room = created.at("room");
    REQUIRE(created.at("seatTokens").size() == 1);
    CHECK(created.at("seatTokens")[0].at("seat") == 2);
    const std::string seat_token = created.at("seatTokens")[0].at("token");
    CHECK(seat_token.size() == 64);
    a->request({{"type", "addBot"}, {"room", room}, {"seat", 2}});
    CHECK(a->recv_error() == "seat_reserved");
    REQUIRE(a->join(room, 0).at("type") == "joined");
    json first = a->recv_type("room");
    CHECK(first.at("seats")[2].at("kind") == "external");
    CHECK(first.at("seats")[2].at("connected") == false);
    a->request({{"type", "addBot"}, {"room", room}, {"seat", 1}});
    REQUIRE(a->recv_type("botAdded").at("seat") == 1);
    a->request({{"type", "start"}, {"room", room}});
    CHECK(a->recv_error() == "seats_empty");  // the external bot is not there yet

    CHECK(bot->join(room, 2).at("code") == "seat_reserved");
    CHECK(bot->join(room, 2, {{"seatToken", std::string(64, 'a')}}).at("code") == "seat_reserved");
    json j = bot->join(room, 2, {{"seatToken", seat_token}});
    CHECK(j.at("type") == "joined");
    CHECK(j.at("seat") == 2);
    json push = bot->recv_type("room");
    CHECK(push.at("seats")[2].at("kind") == "external");
    CHECK(push.at("seats")[2].at("name") == "ExtBot");
    CHECK(push.at("seats")[2].at("connected") == true);
    a->request({{"type", "start"}, {"room", room}});
    CHECK(a->recv_type("started").at("room") == room);
    CHECK(bot->recv_type("started").at("room") == room);
}

TEST_CASE("lobby: a hello with an unknown token gets a new session, not the old seat", "[server][lobby]") {
    Watchdog wd(60);
    TestServer s;
    auto a = connect(s, "Ann");
    const std::string room = a->create({{"players", 3}, {"botFill", "random"}}).at("room");
    REQUIRE(a->join(room, 0).at("type") == "joined");
    a->request({{"type", "start"}, {"room", room}});
    a->recv_type("started");
    a->recv_type("snapshot");
    const std::string real = a->token;
    a->close();

    std::string forged = real;
    forged[0] = forged[0] == 'a' ? 'b' : 'a';
    WsClient x(s.port);
    json w = x.hello("Ann", forged);
    CHECK(w.at("session") != forged);
    CHECK(w.at("session") != real);
    x.request({{"type", "action"}, {"game", "catan"}, {"catan", {{"type", "endTurn"}}}});
    CHECK(x.recv_error() == "not_in_room");
    CHECK(x.join(room, 0).at("code") == "seat_taken");

    WsClient y(s.port);
    CHECK(y.hello("Ann", real).at("session") == real);
    CHECK(y.recv_type("joined").at("seat") == 0);
    CHECK(y.recv_type("snapshot").at("type") == "snapshot");
}

TEST_CASE("lobby: leaveRoom frees the seat before the start", "[server][lobby]") {
    Watchdog wd(60);
    TestServer s;
    auto a = connect(s, "Ann");
    auto b = connect(s, "Bob");
    const std::string room = a->create().at("room");
    REQUIRE(a->join(room, 0).at("type") == "joined");
    REQUIRE(b->join(room, 1).at("type") == "joined");
    b->request({{"type", "leaveRoom"}, {"room", room}});
    CHECK(b->recv_type("ok").at("id") == b->next_id - 1);
    json push = a->recv_type("room");
    while (!push.at("seats")[1].is_null()) push = a->recv_type("room");
    CHECK(push.at("seats")[1].is_null());
    CHECK(push.at("host") == 0);
}

TEST_CASE("lobby: the same boardSeed gives the same board, different seeds the dice", "[server][lobby]") {
    Watchdog wd(60);
    TestServer s;
    auto board_of = [&](int64_t board_seed) {
        auto a = connect(s, "Ann");
        const std::string room =
            a->create({{"players", 3}, {"boardSeed", board_seed}, {"botFill", "random"}}).at("room");
        REQUIRE(a->join(room, 0).at("type") == "joined");
        a->request({{"type", "start"}, {"room", room}});
        a->recv_type("started");
        json view = a->recv_type("snapshot").at("catan").at("view");
        return view.at("board");
    };
    const json b1 = board_of(9), b2 = board_of(9), b3 = board_of(10);
    CHECK(b1 == b2);
    CHECK(b1 != b3);
}

TEST_CASE("lobby: whoever joins or returns gets the room's recent chat (issue 18)", "[server][lobby]") {
    Watchdog wd(60);
    TestServer s;
    auto a = connect(s, "Ann");
    auto b = connect(s, "Bob");
    const std::string room = a->create({{"players", 3}}).at("room");
    REQUIRE(a->join(room, 0).at("type") == "joined");
    REQUIRE(b->join(room, 1).at("type") == "joined");
    a->request({{"type", "chat"}, {"room", room}, {"text", "gl hf"}});
    REQUIRE(a->recv_type("chat").at("text") == "gl hf");
    REQUIRE(b->recv_type("chat").at("text") == "gl hf");
    // Bob comes back on a new connection (a reload): the chat comes with his seat.
    const std::string token = b->token;
    b->close();
    auto b2 = std::make_unique<WsClient>(s.port);
    b2->hello("Bob", token);
    json m = b2->recv();
    while (m.at("type") != "chat") m = b2->recv();
    CHECK(m.at("text") == "gl hf");
    CHECK(m.at("name") == "Ann");
    CHECK_FALSE(m.contains("id"));
    // A spectator who arrives later sees it too.
    auto c = connect(s, "Cy");
    REQUIRE(c->join(room, nullptr).at("type") == "joined");
    CHECK(c->recv_type("chat").at("text") == "gl hf");
}
