// One accounting of bot games (issue 26; docs/decisions/012-bot-game-accounting.md): a game counts
// as a bot game while no person is seated and connected, however it got there — lobby bots, a
// takeover after a leave or a disconnect, a tournament's house bots, a rematch — and is then paced,
// capped per session, per address and per tournament organiser, and stands still while unwatched.
// Tournament tables count against the organiser's room quota. Its own ctest entry (server_botshare).
#include <algorithm>
#include <atomic>
#include <thread>
#include <vector>

#include "server/config.hpp"
#include "server/hub.hpp"
#include "server/metrics.hpp"
#include "server/net.hpp"
#include "tests/server/ops_support.hpp"
#include "tournament/desk/desk.hpp"

using namespace hexhall::test;

namespace {

// The reply to request `id` (pushes and the messages of a watched game in between are skipped).
json botshare_reply(WsClient& c, const json& request) {
    const int64_t id = request.at("id").get<int64_t>();
    for (int guard = 0; guard < 1000000; ++guard) {
        json m = c.recv_any();
        if (m.contains("id") && m.at("id") == id && m.value("type", "") != "snapshot") return m;
    }
    FAIL("no reply");
    return json();
}

json botshare_start(WsClient& c, const std::string& room) {
    return botshare_reply(c, c.request({{"type", "start"}, {"room", room}}));
}

// The next `room` push of `room` for which pred holds (everything else is skipped).
template <class Pred>
json botshare_push(WsClient& c, const std::string& room, Pred pred) {
    for (int guard = 0; guard < 1000000; ++guard) {
        json m = c.recv_any();
        if (m.value("type", "") == "room" && m.value("room", "") == room && pred(m)) return m;
    }
    FAIL("no such push");
    return json();
}

std::string bot_game(const json& push) { return push.value("botGame", ""); }

// createRoom and joinRoom for a client that may be watching a game meanwhile.
std::string botshare_create(WsClient& c, json options) {
    options["type"] = "createRoom";
    const json created = botshare_reply(c, c.request(options));
    REQUIRE(created.at("type") == "roomCreated");
    return created.at("room");
}
json botshare_join(WsClient& c, const std::string& room, const json& seat) {
    return botshare_reply(c, c.request({{"type", "joinRoom"}, {"room", room}, {"seat", seat}}));
}

// A room with bots in every seat but seat 0, which `c` takes; started by `c` (a person plays).
std::string seated_bot_room(WsClient& c, json options = json::object()) {
    options["players"] = 3;
    options["botFill"] = options.value("botFill", "random");
    options["grace"] = 0;
    const std::string room = botshare_create(c, options);
    REQUIRE(botshare_join(c, room, 0).at("type") == "joined");
    const json started = botshare_start(c, room);
    REQUIRE(started.at("type") == "started");
    return room;
}

// Waiting bot games ask again soon (the bots themselves move as fast as they can: an embedded
// Server's default).
hexhall::server::HubLimits botshare_limits() {
    hexhall::server::HubLimits limits;
    limits.bot_wait_retry = std::chrono::milliseconds(20);
    return limits;
}

// One action of a table of people at a (quick) person's pace, one action per 50 ms, so that its
// actions meet the bots' steps over seconds, as a real table's would; `rt`: its round trip.
bool person_act(Table& table, double& rt) {
    const bool more = table.act(rt);
    std::this_thread::sleep_for(std::chrono::milliseconds(50));  // the person thinks
    return more;
}

double botshare_quantile(std::vector<double> v, double q) {
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, static_cast<size_t>(q * static_cast<double>(v.size())))];
}

// The server with the tournament desk, as hexhall-server wires it (server/main.cpp).
struct DeskServer {
    std::unique_ptr<hexhall::server::Server> server;
    std::unique_ptr<hexhall::tournament::Desk> desk;
    uint16_t port = 0;
    explicit DeskServer(hexhall::server::HubLimits limits) {
        hexhall::server::ServerOptions o;
        o.address = "127.0.0.1";
        o.port = 0;
        o.threads = 2;
        o.db_path = ":memory:";
        o.limits = limits;
        server = std::make_unique<hexhall::server::Server>(o);
        hexhall::tournament::DeskOptions d;
        d.clock_scale = limits.clock_scale;
        desk = std::make_unique<hexhall::tournament::Desk>(server->hub(), &server->store(), d);
        server->add_http_handler("/tournaments", [this](const hexhall::server::HttpRequest& r) { return desk->http(r); });
        desk->restore();
        port = server->start();
        desk->start();
    }
    ~DeskServer() {
        desk->stop();
        server->stop();
    }
};

// A POST to the desk from `from` (a loopback address: the organiser's).
json desk_post(uint16_t port, const std::string& target, const json& body, const std::string& token, int& status,
               const std::string& from = "127.0.0.1") {
    asio::io_context ioc;
    tcp::socket s(ioc);
    s.open(tcp::v4());
    s.bind(tcp::endpoint(asio::ip::make_address(from), 0));
    s.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
    http::request<http::string_body> req{http::verb::post, target, 11};
    req.set(http::field::host, "127.0.0.1");
    if (!token.empty()) req.set(http::field::authorization, "Bearer " + token);
    req.set(http::field::content_type, "application/json");
    req.body() = body.dump();
    req.prepare_payload();
    http::write(s, req);
    beast::flat_buffer b;
    http::response<http::string_body> res;
    http::read(s, b, res);
    status = static_cast<int>(res.result_int());
    return json::parse(res.body(), nullptr, false);
}

// A tournament of `bots` house bots of kind `bot`, its first round seated and started: every
// table is a game of house bots only. Returns {id, organiser token}.
std::pair<std::string, std::string> house_bot_tournament(uint16_t port, int bots, const std::string& bot,
                                                         const std::string& from) {
    int status = 0;
    const json t = desk_post(port, "/tournaments", {{"name", "House night"}, {"settings", {{"rounds", 1}}}}, "", status, from);
    INFO(t.dump());
    REQUIRE(status == 201);
    const std::string id = t.at("id"), org = t.at("organiserToken");
    for (int i = 0; i < bots; ++i) {
        desk_post(port, "/tournaments/" + id + "/entrants", {{"name", "House " + std::to_string(i)}, {"bot", bot}}, org, status, from);
        REQUIRE(status == 201);
    }
    desk_post(port, "/tournaments/" + id + "/rounds", json::object(), org, status, from);
    REQUIRE(status == 201);
    desk_post(port, "/tournaments/" + id + "/rounds/1/start", json::object(), org, status, from);
    REQUIRE(status == 200);
    return {id, org};
}

// The tables' rooms of a tournament (its public view).
std::vector<std::string> table_rooms(uint16_t port, const std::string& id) {
    int status = 0;
    std::vector<std::string> rooms;
    const json v = json::parse(http_get(port, "/tournaments/" + id, status), nullptr, false);
    if (!v.is_object() || !v.contains("run")) return rooms;
    for (const json& r : v.at("run"))
        for (const json& t : r.value("tables", json::array()))
            if (t.contains("room") && t.at("room").is_string()) rooms.push_back(t.at("room"));
    return rooms;
}

}  // namespace

TEST_CASE("botshare: lobby bot games and rematches are counted and capped per session; a seated person's game is "
          "not one", "[server][botshare]") {
    Watchdog wd(120);
    hexhall::server::HubLimits limits = botshare_limits();
    limits.bot_rooms_per_session = 2;
    limits.bot_rooms_per_address = 20;
    TestServer ts(2, limits);
    WsClient a(ts.port), b(ts.port);
    a.hello("A");
    b.hello("B");
    std::vector<std::string> rooms;
    for (int i = 0; i < 2; ++i) rooms.push_back(botshare_create(a, {{"players", 3}, {"botFill", "random"}}));
    for (const std::string& room : rooms) CHECK(botshare_start(a, room).at("type") == "started");
    // A third bot game of this session, by the lobby or as a rematch: refused, and the client is told why.
    const std::string third = botshare_create(a, {{"players", 3}, {"botFill", "random"}});
    json refused = botshare_start(a, third);
    CHECK(refused.value("code", "") == "too_many_bot_rooms");
    CHECK(refused.value("message", "").find("at most 2 games without a person at once per session") != std::string::npos);
    const std::string rematch = botshare_create(a, {{"players", 3}, {"botFill", "random"}, {"rematchOf", rooms[0]}});
    CHECK(botshare_start(a, rematch).value("code", "") == "too_many_bot_rooms");
    // Another session has its own count.
    const std::string theirs = botshare_create(b, {{"players", 3}, {"botFill", "random"}});
    CHECK(botshare_start(b, theirs).at("type") == "started");
    // A person seated and connected: not a bot game, whatever the count.
    const std::string mine = botshare_create(a, {{"players", 3}, {"botFill", "random"}});
    REQUIRE(botshare_join(a, mine, 0).at("type") == "joined");
    CHECK(botshare_start(a, mine).at("type") == "started");
}

TEST_CASE("botshare: a takeover after a leave with grace 0 is a counted bot game; the count drops when the person "
          "returns", "[server][botshare]") {
    Watchdog wd(120);
    hexhall::server::HubLimits limits = botshare_limits();
    limits.bot_rooms_per_session = 1;
    limits.bot_rooms_per_address = 20;
    TestServer ts(2, limits);
    WsClient a(ts.port), w(ts.port);
    a.hello("A");
    w.hello("Watcher");
    const std::string room = seated_bot_room(a);
    REQUIRE(w.join(room, nullptr).at("type") == "joined");
    CHECK(bot_game(botshare_push(w, room, [](const json&) { return true; })).empty());  // a person plays
    // A leaves: the takeover bot plays on — a bot game, counted against A's session.
    CHECK(botshare_reply(a, a.request({{"type", "leaveRoom"}, {"room", room}})).at("type") == "ok");
    const json push = botshare_push(w, room, [](const json& r) { return bot_game(r) == "running"; });
    CHECK(push.at("seats")[0].value("connected", true) == false);
    const std::string other = botshare_create(a, {{"players", 3}, {"botFill", "random"}});
    CHECK(botshare_start(a, other).value("code", "") == "too_many_bot_rooms");
    // A is back in the seat: no longer a bot game, the count drops and the next start is allowed.
    REQUIRE(botshare_reply(a, a.request({{"type", "joinRoom"}, {"room", room}, {"seat", 0}})).at("type") == "joined");
    botshare_push(w, room, [](const json& r) { return bot_game(r).empty(); });
    CHECK(botshare_start(a, other).at("type") == "started");
}

TEST_CASE("botshare: a takeover after a disconnect counts against the address; the count drops when the person "
          "reconnects", "[server][botshare]") {
    Watchdog wd(120);
    hexhall::server::HubLimits limits = botshare_limits();
    limits.bot_rooms_per_session = 20;
    limits.bot_rooms_per_address = 1;
    TestServer ts(2, limits);
    auto a = std::make_unique<WsClient>(ts.port);
    WsClient b(ts.port), w(ts.port);
    const std::string token = a->hello("A").at("session");
    b.hello("B");
    w.hello("Watcher");
    const std::string room = seated_bot_room(*a);
    REQUIRE(w.join(room, nullptr).at("type") == "joined");
    a->close();
    botshare_push(w, room, [](const json& r) { return bot_game(r) == "running"; });
    // Another session from the same address: over the address's cap.
    const std::string other = botshare_create(b, {{"players", 3}, {"botFill", "random"}});
    const json refused = botshare_start(b, other);
    CHECK(refused.value("code", "") == "too_many_bot_rooms");
    CHECK(refused.value("message", "").find("per address") != std::string::npos);
    // A reconnects with the token (back in the seat): the count drops.
    a = std::make_unique<WsClient>(ts.port);
    CHECK(a->hello("A", token).at("session") == token);
    botshare_push(w, room, [](const json& r) { return bot_game(r).empty(); });
    CHECK(botshare_start(b, other).at("type") == "started");
}

TEST_CASE("botshare: a bot game over the cap stands still ('waiting') and goes on once a slot is free; an unwatched "
          "one stands still", "[server][botshare]") {
    Watchdog wd(120);
    hexhall::server::HubLimits limits = botshare_limits();
    limits.bot_rooms_per_session = 1;
    limits.bot_rooms_per_address = 20;
    TestServer ts(2, limits);
    WsClient a(ts.port), w1(ts.port), w2(ts.port);
    a.hello("A");
    w1.hello("W1");
    w2.hello("W2");
    const std::string r1 = seated_bot_room(a), r2 = seated_bot_room(a);
    REQUIRE(w1.join(r1, nullptr).at("type") == "joined");
    REQUIRE(w2.join(r2, nullptr).at("type") == "joined");
    botshare_reply(a, a.request({{"type", "leaveRoom"}, {"room", r1}}));
    botshare_push(w1, r1, [](const json& r) { return bot_game(r) == "running"; });
    botshare_reply(a, a.request({{"type", "leaveRoom"}, {"room", r2}}));
    botshare_push(w2, r2, [](const json& r) { return bot_game(r) == "waiting"; });
    // While the running game makes 20 moves, the waiting one makes none (at most one already on
    // its way to the store when it stopped).
    for (int patches = 0; patches < 20;) patches += w1.recv_any().value("type", "") == "patch";
    REQUIRE(botshare_reply(a, a.request({{"type", "joinRoom"}, {"room", r1}, {"seat", 0}})).at("type") == "joined");
    int moves_while_waiting = 0;
    for (int guard = 0;; ++guard) {  // A is back in r1: r1's unit is free, r2 takes it
        REQUIRE(guard < 1000000);
        const json m = w2.recv_any();
        moves_while_waiting += m.value("type", "") == "patch";
        if (m.value("type", "") == "room" && bot_game(m) == "running") break;
    }
    CHECK(moves_while_waiting <= 1);
    CHECK(w2.recv_type("patch").contains("ops"));  // and now it moves
}

TEST_CASE("botshare: a tournament's house-bot tables are bot games capped per organiser; its tables count against "
          "the organiser's room quota and a stranger can still create a room", "[server][botshare][tournament]") {
    Watchdog wd(240);
    hexhall::server::HubLimits limits = botshare_limits();
    limits.bot_rooms_per_organiser = 1;
    limits.max_rooms = 8;                // an organiser holds at most half: 4 tables
    limits.rooms_per_organiser = 100;
    limits.idle_close = std::chrono::milliseconds(200);  // a finished table gives its place back soon
    TestServer ts(2, limits);
    hexhall::server::Hub& hub = ts.server->hub();
    hexhall::server::Hub::ManagedRoomRequest req;
    req.options = {{"players", 3}, {"vp", 3}, {"private", true}};
    req.owner = "tournament:botshare";
    req.seat_bots = {{0, "random"}, {1, "random"}, {2, "random"}};
    std::vector<std::string> tables;
    std::string error;
    for (int i = 0; i < 4; ++i) {
        auto made = hub.create_managed_room(req, error);
        INFO(error);
        REQUIRE(made);
        tables.push_back(made->room);
    }
    CHECK_FALSE(hub.create_managed_room(req, error));
    CHECK(error.rfind("quota_exceeded: at most 4 open rooms per tournament organiser", 0) == 0);
    WsClient stranger(ts.port);
    stranger.hello("Stranger");
    CHECK(stranger.create().at("type") == "roomCreated");
    // At most one table plays at once; every one of them finishes (the waiting ones take the slot).
    bool all_over = false;
    int most_running = 0;
    for (int guard = 0; guard < 60000 && !all_over; ++guard) {
        int running = 0, over = 0;
        for (const std::string& t : tables) {
            const auto s = hub.room_summary(t);
            if (!s) {
                ++over;  // finished and closed
                continue;
            }
            running += s->value("botGame", "") == "running";
            over += s->value("over", false);
        }
        most_running = std::max(most_running, running);
        all_over = over == static_cast<int>(tables.size());
        if (!all_over) std::this_thread::sleep_for(std::chrono::milliseconds(5));  // polling the condition
    }
    CHECK(all_over);
    CHECK(most_running == 1);
    // The finished tables closed and gave their places back: the organiser can open more.
    REQUIRE(eventually([&] { return hub.create_managed_room(req, error).has_value(); }, 30));
}

TEST_CASE("botshare: a tournament through the desk cannot open more tables than the organiser's room quota",
          "[server][botshare][tournament]") {
    Watchdog wd(120);
    hexhall::server::HubLimits limits = botshare_limits();
    limits.max_rooms = 4;  // an organiser holds at most 2
    limits.bot_move_interval = std::chrono::milliseconds(1000);  // the tables stay open meanwhile
    DeskServer ds(limits);
    const std::string id = house_bot_tournament(ds.port, 12, "random", "127.0.0.2").first;  // 3 or 4 tables
    REQUIRE(eventually([&] { return table_rooms(ds.port, id).size() == 2; }, 30));
    WsClient stranger(ds.port, "127.0.0.3");
    stranger.hello("Stranger");
    CHECK(stranger.create().at("type") == "roomCreated");
    CHECK(ds.server->hub().room_count() == 3);
    CHECK(table_rooms(ds.port, id).size() == 2);  // the other tables wait for the organiser's quota
}

TEST_CASE("botshare: floods of takeover bot rooms and of tournament house bots keep a table of people at their pace",
          "[server][botshare]") {
    Watchdog wd(280);
    hexhall::server::HubLimits limits;  // the default caps, bots at hexhall-server's person's pace
    limits.bot_move_interval = hexhall::server::Config().server.limits.bot_move_interval;
    DeskServer ds(limits);
    Table table(ds.port, 12);
    std::vector<double> before, during;
    double rt = 0;
    const auto person = [&] { return person_act(table, rt); };
    for (int i = 0; i < 30 && person(); ++i) before.push_back(rt);
    REQUIRE(before.size() == 30);

    // 1. Ten takeover rooms of search bots from one address, each watched by its maker.
    std::vector<std::unique_ptr<WsClient>> farm;
    std::vector<std::string> farm_rooms;
    for (int i = 0; i < 10; ++i) {
        farm.push_back(std::make_unique<WsClient>(ds.port, "127.0.0.2"));
        WsClient& c = *farm.back();
        c.hello("Farmer" + std::to_string(i));
        const std::string room = botshare_create(c, {{"players", 4}, {"botFill", "search"}, {"grace", 0}});
        REQUIRE(botshare_join(c, room, 0).at("type") == "joined");
        REQUIRE(botshare_start(c, room).at("type") == "started");
        botshare_reply(c, c.request({{"type", "leaveRoom"}, {"room", room}}));
        REQUIRE(botshare_reply(c, c.request({{"type", "joinRoom"}, {"room", room}, {"seat", nullptr}})).at("type") == "joined");
        farm_rooms.push_back(room);
    }
    // 2. Lobby games of search bots from five more addresses, four sessions each, each watched by
    //    its maker (createRoom, start without sitting).
    for (int a = 0; a < 5; ++a)
        for (int i = 0; i < 4; ++i) {
            farm.push_back(std::make_unique<WsClient>(ds.port, "127.0.0." + std::to_string(4 + a)));
            WsClient& c = *farm.back();
            c.hello("Lobby" + std::to_string(a) + "." + std::to_string(i));
            const std::string room = botshare_create(c, {{"players", 4}, {"botFill", "search"}});
            REQUIRE(botshare_join(c, room, nullptr).at("type") == "joined");
            REQUIRE(botshare_start(c, room).at("type") == "started");
            farm_rooms.push_back(room);
        }
    // 3. A tournament of 40 search house bots (10 tables).
    const std::string id = house_bot_tournament(ds.port, 40, "search", "127.0.0.3").first;
    REQUIRE(eventually([&] { return table_rooms(ds.port, id).size() == 10; }, 60));

    // The watchers read their games in the background (an unread socket is not the point here).
    std::atomic<bool> stop{false};
    std::atomic<int> farm_messages{0};
    std::vector<std::thread> readers;
    for (auto& c : farm)
        readers.emplace_back([&, c = c.get()] {
            try {
                while (!stop) {
                    c->recv_any();
                    ++farm_messages;
                }
            } catch (const std::exception&) {
            }
        });
    REQUIRE(eventually([&] { return farm_messages > 20; }, 60));  // the bots play
    int running = 0;
    for (const std::string& r : farm_rooms)
        if (auto s = ds.server->hub().room_summary(r)) running += s->value("botGame", "") == "running";
    for (const std::string& r : table_rooms(ds.port, id))
        if (auto s = ds.server->hub().room_summary(r)) running += s->value("botGame", "") == "running";
    CHECK(running <= 28);  // 4 for the takeover farm's address, 4 for the organiser, 4 × 5 lobby addresses

    const int farm_before = farm_messages;
    for (int i = 0; i < 80 && person(); ++i) during.push_back(rt);
    const int farm_during = farm_messages - farm_before;
    stop = true;
    for (auto& c : farm) {  // ends the readers' blocking reads (a socket call is safe from here)
        beast::error_code ec;
        c->ws.next_layer().shutdown(tcp::socket::shutdown_both, ec);
    }
    for (auto& t : readers) t.join();
    REQUIRE(during.size() == 80);
    const double p50b = botshare_quantile(before, 0.5), p50 = botshare_quantile(during, 0.5),
                 p99 = botshare_quantile(during, 0.99);
    std::cerr << "botshare flood: table round trip p50 " << p50b * 1e3 << " ms before; during 10 takeover rooms, 20 "
              << "lobby rooms from 5 addresses and 10 house-bot tables of search bots p50 " << p50 * 1e3 << " ms, p99 " << p99 * 1e3 << " ms; "
              << running << " bot games running; the farm's watchers got " << farm_during << " messages meanwhile\n";
    CHECK(farm_during > 0);  // the bot games played on while the table was measured
    CHECK(p99 < 0.25);
}

// Bots think on the bot pool, never on an I/O thread (docs/decisions/022-bots-on-the-work-pool.md),
// queued per principal: one address's thirty bot games of search bots at full speed (its caps
// raised to allow them) neither slow a table of people nor hold up another address's bot game.
TEST_CASE("botshare: thirty bot games of one address think on the bot pool; a table of people keeps its pace and "
          "another address's bot game keeps moving",
          "[server][botshare]") {
    Watchdog wd(280);
    hexhall::server::HubLimits limits;
    limits.bot_rooms_per_session = 2;
    limits.bot_rooms_per_address = 40;  // the principal may hold them all
    limits.bot_move_interval = std::chrono::milliseconds(1);  // as fast as the bots think
    DeskServer ds(limits);
    Table table(ds.port, 13);
    std::vector<double> before, during;
    double rt = 0;
    const auto person = [&] { return person_act(table, rt); };
    for (int i = 0; i < 30 && person(); ++i) before.push_back(rt);
    REQUIRE(before.size() == 30);
    const hexhall::server::metrics::BotThoughts t0 = hexhall::server::metrics::bot_thoughts();

    // One address, thirty sessions, a watched lobby game of search bots each.
    std::vector<std::unique_ptr<WsClient>> farm;
    for (int i = 0; i < 30; ++i) {
        farm.push_back(std::make_unique<WsClient>(ds.port, "127.0.0.2"));
        WsClient& c = *farm.back();
        c.hello("Farm" + std::to_string(i));
        const std::string room = botshare_create(c, {{"players", 4}, {"botFill", "search"}});
        REQUIRE(botshare_join(c, room, nullptr).at("type") == "joined");
        REQUIRE(botshare_start(c, room).at("type") == "started");
    }
    // Another address's one bot game of random bots (quick thinkers), watched.
    auto other = std::make_unique<WsClient>(ds.port, "127.0.0.3");
    other->hello("Other");
    const std::string other_room = botshare_create(*other, {{"players", 4}, {"botFill", "random"}});
    REQUIRE(botshare_join(*other, other_room, nullptr).at("type") == "joined");
    REQUIRE(botshare_start(*other, other_room).at("type") == "started");

    std::atomic<bool> stop{false};
    std::atomic<int> farm_patches{0}, other_patches{0};
    std::vector<std::thread> readers;
    const auto read = [&](WsClient* c, std::atomic<int>* patches) {
        readers.emplace_back([&stop, c, patches] {
            try {
                while (!stop)
                    if (c->recv_any().value("type", "") == "patch") ++*patches;
            } catch (const std::exception&) {
            }
        });
    };
    for (auto& c : farm) read(c.get(), &farm_patches);
    read(other.get(), &other_patches);
    REQUIRE(eventually([&] { return farm_patches > 30 && other_patches > 0; }, 60));

    const int farm_before = farm_patches, other_before = other_patches;
    const auto w0 = std::chrono::steady_clock::now();
    for (int i = 0; i < 80 && person(); ++i) during.push_back(rt);
    const double window = std::chrono::duration<double>(std::chrono::steady_clock::now() - w0).count();
    const int farm_during = farm_patches - farm_before, other_during = other_patches - other_before;
    const size_t farm_queued = ds.server->hub().bot_pool().queued();
    stop = true;
    for (auto& c : farm) {
        beast::error_code ec;
        c->ws.next_layer().shutdown(tcp::socket::shutdown_both, ec);
    }
    {
        beast::error_code ec;
        other->ws.next_layer().shutdown(tcp::socket::shutdown_both, ec);
    }
    for (auto& t : readers) t.join();
    const hexhall::server::metrics::BotThoughts t1 = hexhall::server::metrics::bot_thoughts();
    REQUIRE(during.size() == 80);
    const double p50b = botshare_quantile(before, 0.5), p50 = botshare_quantile(during, 0.5),
                 p99 = botshare_quantile(during, 0.99);
    std::cerr << "botshare pool: table round trip p50 " << p50b * 1e3 << " ms before; during 30 bot games of search "
              << "bots from one address p50 " << p50 * 1e3 << " ms, p99 " << p99 * 1e3 << " ms; over " << window
              << " s the farm's games made " << farm_during << " moves, the other address's game "
              << other_during << "; bot thoughts " << t1.total - t0.total << " (on an I/O thread: "
              << t1.on_io_thread - t0.on_io_thread << ", stale " << t1.stale - t0.stale << ", put off "
              << t1.deferred - t0.deferred << "); " << farm_queued << " queued on the bot pool at the end\n";
    CHECK(p99 < 0.25);
    CHECK(farm_during > 0);
    CHECK(t1.total - t0.total > 0);
    CHECK(t1.on_io_thread == t0.on_io_thread);  // no bot ever thought on an I/O thread
    // Round-robin per address: the other game waits about one farm thought per move (~100 ms on two
    // threads: ~20 moves a second), not the farm's whole queue (30 thoughts: ~1.5 s a move).
    CHECK(other_during >= 10);
}
