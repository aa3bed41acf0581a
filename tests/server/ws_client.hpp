// Shared by the server tests: a blocking Beast WebSocket client, a watchdog, a client's copy of its
// view kept up to date by patches, and an in-process server on an ephemeral port.
#pragma once
#include <utility>  // before Asio (Boost 1.74 + GCC 12 + C++20)

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <fstream>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "protocol/messages.hpp"
#include "server/unix_time.hpp"
#include "server/net.hpp"

namespace hexhall::test {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using json = nlohmann::json;

// What a hanging test was doing, for the watchdog's report: the step a test last named
// (test_step) and the log files of the server processes it runs (child_server.hpp).
struct HangReport {
    std::mutex mu;
    std::string step;
    std::vector<std::string> logs;
};
inline HangReport& hang_report() {
    static HangReport r;
    return r;
}
inline void test_step(const std::string& step) {
    std::lock_guard lock(hang_report().mu);
    hang_report().step = step;
}
// The last `lines` lines of a file.
inline std::string file_tail(const std::string& path, size_t lines) {
    std::ifstream in(path);
    std::vector<std::string> all;
    for (std::string line; std::getline(in, line);) all.push_back(line);
    std::string out;
    for (size_t i = all.size() > lines ? all.size() - lines : 0; i < all.size(); ++i) out += all[i] + "\n";
    return out;
}

// Aborts the process if the test hangs (synchronous reads have no timeout), saying the step it
// was at and the end of each of its server processes' logs.
struct Watchdog {
    std::atomic<bool> done{false};
    std::thread t;
    explicit Watchdog(int seconds) {
        t = std::thread([this, seconds] {
            for (int i = 0; i < seconds * 10 && !done; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(100));
            if (!done) {
                std::lock_guard lock(hang_report().mu);
                std::cerr << "server test: watchdog expired after " << seconds << " s; last step: "
                          << (hang_report().step.empty() ? "(none named)" : hang_report().step) << "\n";
                for (const std::string& log : hang_report().logs)
                    std::cerr << "--- the end of " << log << ":\n" << file_tail(log, 40);
                std::abort();
            }
        });
    }
    ~Watchdog() {
        done = true;
        t.join();
    }
};

// The server in-process on 127.0.0.1, an ephemeral port.
struct TestServer {
    std::unique_ptr<server::Server> server;
    uint16_t port = 0;
    explicit TestServer(int threads = 2, server::HubLimits limits = {}) {
        server::ServerOptions o;
        o.address = "127.0.0.1";
        o.port = 0;
        o.threads = threads;
        o.limits = limits;
        server = std::make_unique<server::Server>(o);
        port = server->start();
    }
    // A server with these options (e.g. TestStoreDb::server_options: on a store of the test's).
    explicit TestServer(server::ServerOptions o) {
        server = std::make_unique<server::Server>(o);
        port = server->start();
    }
    ~TestServer() { server->stop(); }
};

void log_message(const std::string& text);

// Catch2 v2's assertions and INFO are for the test's own thread only: from another thread they race on
// Catch's shared string streams (ASan saw it in a flood test). Helpers that worker threads also call
// check with `expect`: on the test's thread a failed REQUIRE, on any other thread an exception (which
// the thread's own code catches, or which ends the process).
inline const std::thread::id test_thread = std::this_thread::get_id();
inline bool on_test_thread() { return std::this_thread::get_id() == test_thread; }
struct Unexpected : std::runtime_error {
    using std::runtime_error::runtime_error;
};
inline void expect(bool holds, const std::string& what) {
    if (holds) return;
    if (on_test_thread()) FAIL(what);
    throw Unexpected(what);
}

struct WsClient {
    asio::io_context ioc;
    websocket::stream<tcp::socket> ws{ioc};
    int64_t next_id = 1;
    json last_room;  // the latest `room` push (recv() skips them)
    std::string token;

    // `from`: another loopback address to connect from (e.g. "127.0.0.2": another client address).
    explicit WsClient(uint16_t port, const std::string& from = "") {
        if (!from.empty()) {
            ws.next_layer().open(tcp::v4());
            ws.next_layer().bind(tcp::endpoint(asio::ip::make_address(from), 0));
        }
        ws.next_layer().connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
        ws.handshake("127.0.0.1", "/ws");
    }
    void send(const json& j) { ws.write(asio::buffer(j.dump())); }
    void send_text(const std::string& s) { ws.write(asio::buffer(s)); }
    // The next message, `room` pushes included. With HEXHALL_TEST_MESSAGES=<file>, every message
    // received is appended to that file (JSON lines, for tests/schema/validate.mjs).
    json recv_any() {
        beast::flat_buffer b;
        ws.read(b);
        const std::string text = beast::buffers_to_string(b.data());
        log_message(text);
        json j = json::parse(text);
        if (j.value("type", "") == "room") last_room = j;
        return j;
    }
    // The next message that is not a `room` push (nor, unless a test reads them, a `history`
    // message: it comes after the snapshot on every join and return of a running game).
    bool skip_history = true;
    json last_history;
    json recv() {
        for (;;) {
            json j = recv_any();
            if (j.at("type") == "history" && skip_history) { last_history = j; continue; }
            if (j.at("type") != "room") return j;
        }
    }
    json recv_type(const std::string& type) {
        json j = type == "room" ? recv_any() : recv();
        while (type == "room" && j.at("type") != "room") j = recv_any();  // skips game messages and replies
        expect(j.at("type") == type, "expected a " + type + " message, got " + j.dump());
        return j;
    }
    // The next `room` push for which pred(push) holds (earlier pushes and game messages are skipped).
    template <class Pred>
    json room_until(Pred pred) {
        for (;;) {
            json j = recv_type("room");
            if (pred(j)) return j;
        }
    }
    // The code of the next message, which must be an error.
    std::string recv_error() { return recv_type("error").at("code").get<std::string>(); }
    json request(json j) {
        j["v"] = 1;
        j["id"] = next_id++;
        send(j);
        return j;
    }
    json hello(const std::string& name, const std::string& with_token = "") {
        json h = {{"type", "hello"}, {"name", name}};
        if (!with_token.empty()) h["token"] = with_token;
        request(h);
        json w = recv_type("welcome");
        token = w.at("session").get<std::string>();
        return w;
    }
    // createRoom with `options`; returns roomCreated.
    json create(json options = json::object()) {
        options["type"] = "createRoom";
        request(options);
        return recv_type("roomCreated");
    }
    json join(const std::string& room, json seat, json extra = json::object()) {
        extra["type"] = "joinRoom";
        extra["room"] = room;
        extra["seat"] = seat;
        request(extra);
        return recv();
    }
    void close() {
        beast::error_code ec;
        ws.close(websocket::close_code::normal, ec);
    }
};

// A client's copy of its view, kept up to date by patches.
struct Player {
    std::unique_ptr<WsClient> c;
    int seat = -1;  // -1: spectator
    std::string token;
    json view;
    json legal;
    json clock;  // the envelope's clock of the last snapshot or patch (null: none)
    uint64_t version = 0;

    void take_snapshot(const json& s) {
        INFO(s.dump().substr(0, 400));
        REQUIRE(s.at("type") == "snapshot");
        view = s.at("catan").at("view");
        legal = s.at("catan").value("legal", json());
        version = s.at("version").get<uint64_t>();
        clock = s.value("clock", json());
        REQUIRE(s.at("digest") == hexhall::protocol::view_digest(view));
    }
    void take_patch(const json& p) {
        INFO(p.dump().substr(0, 400));
        REQUIRE(p.at("type") == "patch");
        REQUIRE(p.at("from").get<uint64_t>() == version);
        REQUIRE(p.at("to").get<uint64_t>() == version + 1);
        view = view.patch(p.at("ops"));
        version = p.at("to").get<uint64_t>();
        clock = p.value("clock", json());
        REQUIRE(p.at("digest") == hexhall::protocol::view_digest(view));
        if (seat >= 0) legal = p.at("catan").at("legal");
        else REQUIRE_FALSE(p.at("catan").contains("legal"));
    }
    bool has_move() const {
        return seat >= 0 && !legal.is_null() &&
               (!legal.at("actions").empty() || legal.at("discard").get<int>() > 0);
    }
};

inline json random_intent(const Player& p, std::mt19937_64& rng) {
    const int discard = p.legal.at("discard").get<int>();
    if (discard > 0) {
        std::vector<std::string> cards;
        for (auto& [name, n] : p.view.at("players").at(p.seat).at("hand").items())
            for (int i = 0; i < n.get<int>(); ++i) cards.push_back(name);
        std::shuffle(cards.begin(), cards.end(), rng);
        json give = json::object();
        for (int i = 0; i < discard; ++i) give[cards.at(i)] = give.value(cards.at(i), 0) + 1;
        return {{"type", "discard"}, {"cards", give}};
    }
    const json& actions = p.legal.at("actions");
    return actions.at(std::uniform_int_distribution<size_t>(0, actions.size() - 1)(rng));
}

// A uniformly random player among those who have a move (one must have).
inline Player& random_mover(std::vector<Player>& players, std::mt19937_64& rng) {
    std::vector<size_t> movers;
    for (size_t i = 0; i < players.size(); ++i)
        if (players[i].has_move()) movers.push_back(i);
    REQUIRE_FALSE(movers.empty());
    return players[movers[std::uniform_int_distribution<size_t>(0, movers.size() - 1)(rng)]];
}

// `p` sends a random legal action; returns the ack, which must answer it. The patches are the caller's.
inline json act_random(Player& p, std::mt19937_64& rng) {
    const json sent = p.c->request({{"type", "action"}, {"game", "catan"}, {"catan", random_intent(p, rng)}});
    json ack = p.c->recv();
    INFO("sent " << sent.dump() << " got " << ack.dump());
    REQUIRE(ack.at("type") == "ack");
    REQUIRE(ack.at("id") == sent.at("id"));
    return ack;
}

// Against bots: `p` plays random legal moves, one at a time, until `done` holds (at most `max_messages`
// read). An ack answers the pending move; a refusal may only be a bot's move that came first; every
// other message is a patch, applied and then passed to `on_patch`.
struct NoCheck {
    void operator()(const json&) const {}
};
template <class Done, class OnPatch = NoCheck>
void play_until(Player& p, std::mt19937_64& rng, Done done, int max_messages = 20000, OnPatch on_patch = {}) {
    std::optional<int64_t> pending;
    for (int guard = 0; !done(); ++guard) {
        REQUIRE(guard < max_messages);
        if (!pending && p.has_move())
            pending = p.c->request({{"type", "action"}, {"game", "catan"}, {"catan", random_intent(p, rng)}})
                          .at("id").get<int64_t>();
        json m = p.c->recv();
        if (m.at("type") == "ack") {
            REQUIRE(pending);
            CHECK(m.at("id") == *pending);
            pending.reset();
        } else if (m.at("type") == "error") {
            // A bot acted in between (offer_closed: the offer answered was withdrawn or replaced).
            CHECK((m.at("code") == "illegal_action" || m.at("code") == "offer_closed"));
            pending.reset();
        } else {
            p.take_patch(m);
            on_patch(m);
        }
    }
}

inline void log_message(const std::string& text) {
    static const char* path = std::getenv("HEXHALL_TEST_MESSAGES");
    if (!path) return;
    static std::mutex mu;
    std::lock_guard lock(mu);
    static std::ofstream out(path, std::ios::app);
    out << text << '\n';
}

// GET `target` on 127.0.0.1:`port`; sets the status, returns the body.
// Polls `cond` every 20 ms until it holds (a condition, not a fixed time), at most `seconds`.
template <class F>
bool eventually(F cond, int seconds = 30) {
    for (int i = 0; i < seconds * 50; ++i) {
        if (cond()) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return cond();
}

inline std::string http_get(uint16_t port, const std::string& target, int& status) {
    asio::io_context ioc;
    tcp::socket s(ioc);
    s.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
    http::request<http::empty_body> req{http::verb::get, target, 11};
    req.set(http::field::host, "127.0.0.1");
    http::write(s, req);
    beast::flat_buffer b;
    http::response<http::string_body> res;
    http::read(s, b, res);
    status = static_cast<int>(res.result_int());
    return res.body();
}

// GET target with extra request headers; the whole response (headers too).
inline http::response<http::string_body> http_get_with(uint16_t port, const std::string& target,
                                                        const std::vector<std::pair<std::string, std::string>>& headers) {
    asio::io_context ioc;
    tcp::socket s(ioc);
    s.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
    http::request<http::empty_body> req{http::verb::get, target, 11};
    req.set(http::field::host, "127.0.0.1");
    for (const auto& [k, v] : headers) req.set(k, v);
    http::write(s, req);
    beast::flat_buffer b;
    http::response<http::string_body> res;
    http::read(s, b, res);
    return res;
}

using server::unix_ms_now;

}  // namespace hexhall::test
