// The server end to end: in-process on an ephemeral port, four seated WebSocket clients and a
// spectator play a whole game of random legal actions (docs/protocol.md, "Lobby (server)").
#include "tests/server/ws_client.hpp"

namespace {

using namespace hexhall::test;

constexpr int kVictoryPoints = 10;

// No hidden information of other seats in `view` (before the game is over, CAT-16.5).
void check_private(const json& view, int seat) {
    if (view.at("phase") == "gameOver") return;
    for (const json& p : view.at("players")) {
        if (p.at("seat").get<int>() == seat) continue;
        INFO("viewer " << seat << " sees player " << p.dump());
        REQUIRE_FALSE(p.contains("hand"));
        REQUIRE_FALSE(p.contains("devCards"));
        REQUIRE_FALSE(p.contains("devBoughtThisTurn"));
        REQUIRE_FALSE(p.contains("totalVp"));
    }
}

void check_spectator_events(const json& patch) {
    for (const json& e : patch.at("catan").at("events")) {
        if (e.at("type") == "stole") REQUIRE_FALSE(e.contains("resource"));
        if (e.at("type") == "devCardBought") REQUIRE_FALSE(e.contains("card"));
    }
}

}  // namespace

TEST_CASE("server: four clients and a spectator play a whole game", "[server]") {
    Watchdog watchdog(240);
    TestServer ts;
    const uint16_t port = ts.port;
    REQUIRE(port != 0);

    int status = 0;
    CHECK(http_get(port, "/healthz", status) == "ok");
    CHECK(status == 200);
    http_get(port, "/", status);
    CHECK(status == 404);  // no --web-root

    std::vector<Player> players(5);
    for (int i = 0; i < 5; ++i) players[i].c = std::make_unique<WsClient>(port);
    Player& spectator = players[4];

    // Lobby messages need a session first.
    spectator.c->request({{"type", "listRooms"}});
    CHECK(spectator.c->recv_type("error").at("code") == "no_session");

    for (int i = 0; i < 5; ++i) {
        players[i].c->request({{"type", "hello"}, {"name", "P" + std::to_string(i)}});
        json w = players[i].c->recv_type("welcome");
        CHECK(w.at("name") == "P" + std::to_string(i));
        players[i].token = w.at("session").get<std::string>();
        CHECK(players[i].token.size() == 64);
    }
    CHECK(players[0].token != players[1].token);

    players[0].c->request({{"type", "createRoom"}, {"players", 5}});
    CHECK(players[0].c->recv_type("error").at("code") == "bad_option");
    players[0].c->request({{"type", "createRoom"}, {"players", 4}, {"map", "random"}, {"vp", kVictoryPoints},
                           {"seed", 7}});
    const std::string room = players[0].c->recv_type("roomCreated").at("room").get<std::string>();

    for (int i = 0; i < 4; ++i) {
        players[i].seat = i;
        players[i].c->request({{"type", "joinRoom"}, {"room", room}, {"seat", i}});
        json j = players[i].c->recv_type("joined");
        CHECK(j.at("seat") == i);
        CHECK(j.at("room") == room);
    }
    players[1].c->request({{"type", "joinRoom"}, {"room", room}, {"seat", 0}});
    CHECK(players[1].c->recv_type("error").at("code") == "already_seated");
    spectator.c->request({{"type", "joinRoom"}, {"room", room}, {"seat", 0}});
    CHECK(spectator.c->recv_type("error").at("code") == "seat_taken");
    spectator.c->request({{"type", "joinRoom"}, {"room", room}, {"seat", nullptr}});
    CHECK(spectator.c->recv_type("joined").at("seat").is_null());

    spectator.c->request({{"type", "listRooms"}});
    {
        json rooms = spectator.c->recv_type("rooms").at("rooms");
        REQUIRE(rooms.size() == 1);
        CHECK(rooms[0].at("room") == room);
        CHECK(rooms[0].at("game") == "catan");
        CHECK(rooms[0].at("started") == false);
        CHECK(rooms[0].at("seats").size() == 4);
        CHECK(rooms[0].at("seats")[2].at("name") == "P2");
        CHECK(rooms[0].at("spectators") == 1);
        CHECK_FALSE(rooms[0].at("options").contains("seed"));  // the seed would reveal the deck
    }

    // Game messages before the start.
    players[0].c->request({{"type", "resync"}});
    CHECK(players[0].c->recv_type("error").at("code") == "not_started");

    players[0].c->request({{"type", "start"}, {"room", room}});
    for (Player& p : players) {
        json st = p.c->recv_type("started");
        CHECK(st.at("room") == room);
        p.take_snapshot(p.c->recv());
        check_private(p.view, p.seat);
        CHECK(p.view.at("seat") == p.seat);
    }
    CHECK(spectator.legal.is_null());

    // An illegal action and a spectator's action are refused without a state change.
    {
        json a = players[0].c->request({{"type", "action"}, {"game", "catan"}, {"catan", {{"type", "buildCity"}, {"intersection", 0}}}});
        json e = players[0].c->recv_type("error");
        CHECK(e.at("code") == "illegal_action");
        CHECK(e.at("id") == a.at("id"));
        spectator.c->request({{"type", "action"}, {"game", "catan"}, {"catan", {{"type", "endTurn"}}}});
        CHECK(spectator.c->recv_type("error").at("code") == "spectator");
    }

    std::mt19937_64 rng(12345);
    int actions = 0, acks = 0;
    bool reconnected = false;
    const auto t0 = std::chrono::steady_clock::now();
    while (spectator.view.at("phase") != "gameOver") {
        REQUIRE(actions < 20000);
        Player& p = random_mover(players, rng);
        const json ack = act_random(p, rng);
        REQUIRE(ack.at("version").get<uint64_t>() == p.version + 1);
        ++acks;
        ++actions;
        for (Player& q : players) {
            json patch = q.c->recv();
            q.take_patch(patch);
            check_private(q.view, q.seat);
            if (q.seat < 0) check_spectator_events(patch);
        }

        // Reconnect once mid-game: a new connection with seat 1's token gets seat 1 back.
        if (actions == 100 && !reconnected) {
            reconnected = true;
            Player& r = players[1];
            r.c->ws.close(websocket::close_code::normal);
            r.c = std::make_unique<WsClient>(port);
            r.c->request({{"type", "hello"}, {"name", "P1"}, {"token", r.token}});
            CHECK(r.c->recv_type("welcome").at("session") == r.token);
            CHECK(r.c->recv_type("joined").at("seat") == 1);
            json before = r.view;
            const uint64_t v = r.version;
            r.take_snapshot(r.c->recv());
            CHECK(r.view == before);
            CHECK(r.version == v);
        }
    }
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::cerr << "server test: " << actions << " actions in " << secs << " s\n";
    CHECK(acks == actions);
    CHECK(reconnected);
    CHECK(spectator.view.at("winner").get<int>() >= 0);

    // At game over every member gets the seed reveal (docs/fairness.md); then a fresh snapshot
    // equals every client's patched view.
    for (Player& p : players) p.c->recv_type("seedReveal");
    for (Player& p : players) {
        json sent = p.c->request({{"type", "resync"}});
        json snap = p.c->recv_type("snapshot");
        CHECK(snap.at("id") == sent.at("id"));
        CHECK(snap.at("version").get<uint64_t>() == p.version);
        CHECK(snap.at("catan").at("view") == p.view);
        CHECK(snap.at("digest") == hexhall::protocol::view_digest(p.view));
    }

    spectator.c->request({{"type", "listRooms"}});
    CHECK(spectator.c->recv_type("rooms").at("rooms")[0].at("over") == true);

    for (Player& p : players) p.c->ws.close(websocket::close_code::normal);
    ts.server->stop();
}

TEST_CASE("server: bots fill seats and play to the end", "[server]") {
    Watchdog watchdog(240);
    TestServer ts;
    const uint16_t port = ts.port;

    Player p;
    p.seat = 0;
    p.c = std::make_unique<WsClient>(port);
    p.c->hello("Solo");
    const std::string room = p.c->create({{"players", 3}, {"vp", kVictoryPoints}, {"seed", 3}}).at("room").get<std::string>();
    p.c->request({{"type", "joinRoom"}, {"room", room}, {"seat", 0}});
    p.c->recv_type("joined");
    for (int s = 1; s < 3; ++s) {
        p.c->request({{"type", "addBot"}, {"room", room}, {"seat", s}});
        CHECK(p.c->recv_type("botAdded").at("seat") == s);
    }
    p.c->request({{"type", "addBot"}, {"room", room}, {"seat", 1}});
    CHECK(p.c->recv_type("error").at("code") == "seat_taken");
    p.c->request({{"type", "start"}, {"room", room}});
    p.c->recv_type("started");
    p.take_snapshot(p.c->recv());

    std::mt19937_64 rng(99);
    play_until(p, rng, [&] { return p.view.at("phase") == "gameOver"; }, 100000,
               [&](const json&) { check_private(p.view, 0); });
    CHECK(p.view.at("winner").get<int>() >= 0);
    ts.server->stop();
}

TEST_CASE("server: permessage-deflate (--ws-deflate): taken when offered, off by default; a compressed message "
          "that inflates past the frame limit closes",
          "[server][deflate]") {
    Watchdog watchdog(60);
    // The handshake's answer names the extension when the server takes it.
    auto connect = [](uint16_t port, websocket::stream<tcp::socket>& ws) {
        websocket::permessage_deflate offer;
        offer.client_enable = true;
        ws.set_option(offer);
        ws.next_layer().connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
        websocket::response_type res;
        ws.handshake(res, "127.0.0.1", "/ws");
        return std::string(res[http::field::sec_websocket_extensions]);
    };
    {
        TestServer plain(1);  // the default: off
        asio::io_context ioc;
        websocket::stream<tcp::socket> ws{ioc};
        CHECK(connect(plain.port, ws).empty());
    }
    hexhall::server::ServerOptions o;
    o.address = "127.0.0.1";
    o.port = 0;
    o.threads = 1;
    o.ws_deflate_window_bits = 10;
    hexhall::server::Server srv(o);
    const uint16_t port = srv.start();
    asio::io_context ioc;
    websocket::stream<tcp::socket> ws{ioc};
    const std::string ext = connect(port, ws);
    INFO(ext);
    CHECK(ext.find("permessage-deflate") != std::string::npos);
    CHECK(ext.find("server_max_window_bits=10") != std::string::npos);
    auto recv = [&] {
        beast::flat_buffer b;
        ws.read(b);
        return json::parse(beast::buffers_to_string(b.data()));
    };
    ws.write(asio::buffer(json{{"type", "hello"}, {"v", 1}, {"id", 1}, {"name", "Zip"}}.dump()));
    CHECK(recv().at("type") == "welcome");  // compressed both ways, read as usual
    ws.write(asio::buffer(json{{"type", "createRoom"}, {"v", 1}, {"id", 2}, {"game", "catan"}, {"players", 3}}.dump()));
    json reply = recv();
    while (reply.value("type", "") == "room") reply = recv();
    CHECK(reply.at("type") == "roomCreated");
    // 1 MiB of spaces compresses to about a kilobyte; inflated it is past the 64 KiB limit: closed.
    ws.write(asio::buffer(std::string(1 << 20, ' ')));
    beast::flat_buffer b;
    beast::error_code ec;
    while (!ec) ws.read(b, ec);
    CHECK(ec == websocket::error::closed);
    CHECK(ws.reason().code == websocket::close_code::too_big);
    int status = 0;
    CHECK(http_get(port, "/healthz", status) == "ok");
    srv.stop();
}

TEST_CASE("server: malformed and oversized messages", "[server]") {
    Watchdog watchdog(60);
    TestServer ts(1);
    const uint16_t port = ts.port;

    WsClient c(port);
    c.send_text("{\"type\":\"hello\",");
    CHECK(c.recv_type("error").at("code") == "bad_json");
    c.send_text(R"({"type":"dance","v":1,"id":4})");
    json e = c.recv_type("error");
    CHECK(e.at("code") == "unknown_type");
    CHECK(e.at("id") == 4);
    c.send_text(R"({"type":"hello","v":2,"id":5,"name":"X"})");
    CHECK(c.recv_type("error").at("code") == "bad_version");
    c.send_text(R"({"type":"hello","v":1,"id":6,"name":"X","token":"not-a-token"})");
    CHECK(c.recv_type("welcome").at("session").get<std::string>().size() == 64);  // a new session
    c.send_text(R"({"type":"joinRoom","v":1,"id":7,"room":"nope","seat":0})");
    CHECK(c.recv_type("error").at("code") == "no_room");
    c.send_text(R"({"type":"resync","v":1,"id":8})");
    CHECK(c.recv_type("error").at("code") == "not_in_room");

    // A frame beyond the 64 KiB limit closes the connection.
    c.send_text(std::string(70000, ' '));
    beast::flat_buffer b;
    beast::error_code ec;
    c.ws.read(b, ec);
    CHECK(ec);

    int status = 0;
    CHECK(http_get(port, "/healthz", status) == "ok");  // the server is still fine
    ts.server->stop();
}
