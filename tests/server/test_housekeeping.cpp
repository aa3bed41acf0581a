// Housekeeping (issue 12 finding 11): guest sessions not seen for the TTL whose room is gone are
// forgotten (memory and store); sessions seated in an open room are kept; rooms abandoned longer
// than abandoned_keep are deleted from the store.
#include "tests/server/ws_client.hpp"

#include "server/session.hpp"
#include "server/sqlite_store.hpp"

using namespace hexhall::test;

namespace {
bool has_session(hexhall::server::Store& store, const std::string& hash) {
    for (const auto& s : store.load_sessions())
        if (s.hash == hash) return true;
    return false;
}
}  // namespace

TEST_CASE("housekeeping: idle guest sessions expire; a seated session in an open room stays", "[server][edges]") {
    Watchdog wd(90);
    hexhall::server::ServerOptions o;
    o.address = "127.0.0.1";
    o.port = 0;
    o.threads = 2;
    o.limits.session_ttl = std::chrono::milliseconds(300);
    o.sweep_interval = std::chrono::milliseconds(50);
    hexhall::server::Server server(o);
    const uint16_t port = server.start();
    WsClient ann(port), guest(port);
    const std::string ann_token = ann.hello("Ann").at("session");
    const std::string guest_token = guest.hello("Guest").at("session");
    const std::string room = ann.create({{"players", 3}}).at("room");
    REQUIRE(ann.join(room, 0).at("type") == "joined");
    const std::string ann_hash = hexhall::server::token_hash(ann_token);
    const std::string guest_hash = hexhall::server::token_hash(guest_token);
    REQUIRE(eventually([&] { return has_session(server.store(), ann_hash) && has_session(server.store(), guest_hash); }));
    // The guest never joined a room: forgotten once the TTL has passed.
    CHECK(eventually([&] { server.store().flush(); return !has_session(server.store(), guest_hash); }));
    // Ann's seat in the open room keeps her session, however long she is idle.
    std::this_thread::sleep_for(std::chrono::milliseconds(400));  // longer than the TTL, on purpose
    server.store().flush();
    CHECK(has_session(server.store(), ann_hash));
    // A resume with the forgotten token starts a new session (a new token).
    WsClient again(port);
    CHECK(again.hello("Guest", guest_token).at("session") != guest_token);
    server.stop();
}

TEST_CASE("housekeeping: rooms abandoned long enough are deleted from the store", "[server][edges]") {
    Watchdog wd(90);
    hexhall::server::ServerOptions o;
    o.address = "127.0.0.1";
    o.port = 0;
    o.threads = 2;
    o.limits.idle_close = std::chrono::milliseconds(100);  // an unwatched room closes at once
    o.limits.abandoned_keep = std::chrono::milliseconds(0);
    o.sweep_interval = std::chrono::milliseconds(50);
    hexhall::server::Server server(o);
    const uint16_t port = server.start();
    std::string room;
    {
        WsClient ann(port);
        ann.hello("Ann");
        room = ann.create({{"players", 3}, {"botFill", "random"}}).at("room");
        REQUIRE(ann.join(room, 0).at("type") == "joined");
        REQUIRE(eventually([&] { server.store().flush(); return server.store().room_exists(room); }));
        ann.close();
    }
    // Nobody is left: the room closes, is marked abandoned, and the sweep deletes it.
    CHECK(eventually([&] { server.store().flush(); return !server.store().room_exists(room); }));
    server.stop();
}
