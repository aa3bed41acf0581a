#include "tools/arena/arena_game.hpp"

#include <chrono>
#include <cstdio>
#include <fstream>
#include <memory>
#include <optional>
#include <stdexcept>
#include <thread>

#include "tools/arena/process.hpp"
#include "tools/arena/ws_client.hpp"

namespace hexhall::arena {

namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

bool is_external(const std::string& bot) { return bot.rfind(kExternalPrefix, 0) == 0; }

// Reads until the reply to request `id`; other messages go to `on_other`. Throws on an error reply.
template <class F>
json await_reply(WsClient& c, int64_t id, const char* what, Clock::time_point deadline, F on_other) {
    while (Clock::now() < deadline) {
        auto m = c.receive(milliseconds(200));
        if (!m) continue;
        if (m->value("id", json()) == id && m->value("type", "") != "snapshot") {
            if ((*m)["type"] == "error")
                throw std::runtime_error(std::string(what) + ": " + m->value("code", "") + " " + m->value("message", ""));
            return *m;
        }
        on_other(*m);
    }
    throw std::runtime_error(std::string(what) + ": timed out");
}

struct Game {
    const GameSpec& spec;
    GameResult result;
    std::unique_ptr<WsClient> conn;  // the host's connection (the spectator); replaced on a resume
    std::string session;             // the host's session token (welcome), presented on a resume
    size_t node = 0;                 // index in spec.nodes of the node connected to
    std::vector<Child> children;  // per seat (pid -1: not external)
    std::vector<std::optional<Clock::time_point>> exit_seen;  // per seat: when it exited 0 before the end
    std::unique_ptr<std::ofstream> record;
    bool over = false;
    Clock::time_point deadline;

    explicit Game(const GameSpec& s)
        : spec(s), conn(std::make_unique<WsClient>(s.host, s.port)), children(s.seats.size()), exit_seen(s.seats.size()), deadline(Clock::now() + std::chrono::seconds(s.timeout_s)) {
        result.external_status.assign(s.seats.size(), -1);
        if (!s.record_dir.empty())
            record = std::make_unique<std::ofstream>(s.record_dir + "/game-" + std::to_string(s.index) + ".jsonl");
    }

    std::string log_path(size_t seat) const {
        const std::string dir = spec.record_dir.empty() ? "/tmp" : spec.record_dir;
        return dir + "/game-" + std::to_string(spec.index) + "-seat" + std::to_string(seat) + ".log";
    }

    // Spectator messages: the record, and the end of the game from the `room` push's "result"
    // (protocol.md), which every game reports the same way.
    void take(const json& m) {
        const std::string type = m.value("type", "");
        if (type == "patch") ++result.actions;
        else if (type != "snapshot" && type != "room" && type != "seedReveal") return;
        if (record) *record << m.dump() << '\n' << std::flush;  // read while the game runs (tests/examples/bot_failover.py)
        if (type == "room" && m.value("over", false) && m.contains("result")) {
            over = true;
            result.winners = m["result"].value("winners", std::vector<int>{});
            result.scores = m["result"].value("scores", std::vector<int>{});
            result.winner = result.winners.empty() ? -1 : result.winners.front();
        }
    }

    // True when every external seat shows a connected player (the `room` push).
    bool externals_seated(const json& room) const {
        for (size_t s = 0; s < spec.seats.size(); ++s) {
            if (!is_external(spec.seats[s])) continue;
            const json& seat = room["seats"][s];
            if (seat.is_null() || !seat.value("connected", false)) return false;
        }
        return true;
    }

    // A program that fails is an error at once; one that exits 0 has probably seen the game over
    // before our spectator stream did: it gets 5 s for the game over to reach us too.
    void check_children() {
        for (size_t s = 0; s < children.size(); ++s) {
            if (children[s].pid <= 0 || over || !exited(children[s])) continue;
            if (children[s].status == 0 && !exit_seen[s]) exit_seen[s] = Clock::now();
            if (children[s].status != 0 || Clock::now() - *exit_seen[s] > std::chrono::seconds(5))
                throw std::runtime_error("seat " + std::to_string(s) + "'s program exited with status " +
                                         std::to_string(children[s].status) + " before the game was over (log: " +
                                         log_path(s) + ")");
        }
    }

    // A message for the spectator, resuming on the nodes (spec.nodes) when the connection is lost or
    // the node stopped serving the room (`moved`): hello with the session token, then joinRoom as a
    // spectator, following `moved` to the node that serves the room.
    std::optional<json> next_message() {
        std::optional<json> m;
        try {
            m = conn->receive(milliseconds(200));
        } catch (const std::exception&) {
            if (spec.nodes.size() < 2) throw;
            resume(std::nullopt);
            return std::nullopt;
        }
        if (m && m->value("type", "") == "moved" && spec.nodes.size() >= 2) {
            resume(m->contains("url") ? std::optional<std::string>(m->value("url", "")) : std::nullopt);
            return std::nullopt;
        }
        return m;
    }

    void resume(std::optional<std::string> url) {
        for (;;) {
            if (Clock::now() > deadline) throw std::runtime_error("game timed out while resuming on another node");
            std::string host = spec.nodes[node].first;
            uint16_t port = spec.nodes[node].second;
            if (url) {
                const size_t at = url->find("://"), colon = url->rfind(':');
                if (at != std::string::npos && colon > at + 3) {
                    host = url->substr(at + 3, colon - at - 3);
                    port = static_cast<uint16_t>(std::atoi(url->c_str() + colon + 1));
                }
                url.reset();
            } else {
                node = (node + 1) % spec.nodes.size();
                host = spec.nodes[node].first;
                port = spec.nodes[node].second;
            }
            try {
                conn = std::make_unique<WsClient>(host, port);
                json hello = {{"type", "hello"}, {"name", "arena"}};
                if (!session.empty()) hello["token"] = session;
                await_reply(*conn, conn->send(hello), "hello", deadline, [&](const json& m) { take(m); });
                const json joined = await_reply(*conn, conn->send({{"type", "joinRoom"}, {"room", result.room}, {"seat", nullptr}}),
                                                "joinRoom", deadline, [&](const json& m) { take(m); });
                if (joined.value("type", "") == "moved") {
                    if (joined.contains("url")) url = joined.value("url", "");
                    continue;
                }
                ++resumes;
                return;
            } catch (const std::exception&) {
                std::this_thread::sleep_for(milliseconds(300));  // that node is gone or not serving yet
            }
        }
    }

    int resumes = 0;

    void run() {
        const auto ignore = [](const json&) {};
        const json welcome = await_reply(*conn, conn->send({{"type", "hello"}, {"name", "arena"}}), "hello", deadline, ignore);
        session = welcome.value("session", "");

        json create = spec.options;
        create["type"] = "createRoom";
        create["players"] = static_cast<int>(spec.seats.size());
        create["seed"] = spec.seed;
        json externals = json::array();
        for (size_t s = 0; s < spec.seats.size(); ++s)
            if (is_external(spec.seats[s])) externals.push_back(s);
        if (spec.seat_tokens && !externals.empty()) create["externalBots"] = externals;
        json created = await_reply(*conn, conn->send(create), "createRoom", deadline, ignore);
        // Several nodes: a busy node sends the creation to the least-loaded live node (`moved` with
        // its URL, docs/protocol.md): the same session makes the room there. A node that cannot be
        // reached (it died since it was chosen) sends the creation back to the node we started on.
        for (int hops = 0; created.value("type", "") == "moved" && created.contains("url") && hops < 8; ++hops) {
            const std::string url = created.value("url", "");
            const size_t at = url.find("://"), colon = url.rfind(':');
            if (at == std::string::npos || colon <= at + 3) throw std::runtime_error("createRoom: bad moved URL " + url);
            try {
                conn = std::make_unique<WsClient>(url.substr(at + 3, colon - at - 3),
                                                  static_cast<uint16_t>(std::atoi(url.c_str() + colon + 1)));
                await_reply(*conn, conn->send({{"type", "hello"}, {"name", "arena"}, {"token", session}}), "hello",
                            deadline, ignore);
            } catch (const std::exception&) {
                std::this_thread::sleep_for(milliseconds(300));  // the start node may name it again at once
                conn = std::make_unique<WsClient>(spec.host, spec.port);
                await_reply(*conn, conn->send({{"type", "hello"}, {"name", "arena"}, {"token", session}}), "hello",
                            deadline, ignore);
            }
            created = await_reply(*conn, conn->send(create), "createRoom", deadline, ignore);
        }
        WsClient& host = *conn;
        result.room = created.at("room").get<std::string>();
        if (record)
            *record << json{{"type", "arenaGame"}, {"game", spec.index}, {"room", result.room}, {"seed", spec.seed},
                            {"seats", spec.seats}, {"options", create}}.dump() << '\n';

        // Follow the room as a spectator: `room` pushes, then the game's snapshot and patches.
        json room;
        const auto on_push = [&](const json& m) {
            if (m.value("type", "") == "room") room = m;
            take(m);
        };
        await_reply(host, host.send({{"type", "joinRoom"}, {"room", result.room}, {"seat", nullptr}}), "joinRoom",
                    deadline, on_push);
        for (size_t s = 0; s < spec.seats.size(); ++s) {
            if (is_external(spec.seats[s])) continue;
            await_reply(host,
                        host.send({{"type", "addBot"}, {"room", result.room}, {"seat", s}, {"bot", spec.seats[s]}}),
                        "addBot", deadline, on_push);
        }
        // External bots get every node (--url A,B,…, the room's first), as the example bots take them
        // (docs/bots.md "Several nodes"): when the room's node dies they resume on another.
        std::string urls = "ws://" + spec.host + ":" + std::to_string(spec.port) + "/ws";
        for (const auto& [node_host, node_port] : spec.nodes)
            if (node_host != spec.host || node_port != spec.port)
                urls += ",ws://" + node_host + ":" + std::to_string(node_port) + "/ws";
        for (size_t s = 0; s < spec.seats.size(); ++s) {
            if (!is_external(spec.seats[s])) continue;
            std::vector<std::string> args = {"--url", urls, "--room", result.room, "--seat", std::to_string(s)};
            for (const json& t : created.value("seatTokens", json::array()))
                if (t.value("seat", -1) == static_cast<int>(s)) {
                    args.push_back("--seat-token");
                    args.push_back(t.at("token").get<std::string>());
                }
            children[s] = spawn(spec.seats[s].substr(std::string(kExternalPrefix).size()), args, log_path(s));
        }

        // Wait for the external programs to take their seats, then start.
        const auto join_deadline = std::min(deadline, Clock::now() + std::chrono::seconds(60));
        while (!externals.empty() && !(room.is_object() && externals_seated(room))) {
            if (Clock::now() > join_deadline) throw std::runtime_error("the external bots did not join in time (60 s at most)");
            check_children();
            if (auto m = host.receive(milliseconds(200))) on_push(*m);
        }
        await_reply(host, host.send({{"type", "start"}, {"room", result.room}}), "start", deadline, on_push);

        while (!over) {
            if (Clock::now() > deadline) throw std::runtime_error("game timed out");
            check_children();
            if (auto m = next_message()) take(*m);
        }
        result.resumes = resumes;
        result.finished = true;
    }

    // Lets the programs exit (10 s after a finished game; at once otherwise), kills the rest.
    void reap() {
        for (size_t s = 0; s < children.size(); ++s) {
            if (children[s].pid <= 0) continue;
            finish(children[s], over ? 10000 : 0);
            result.external_status[s] = children[s].status;
        }
    }
    ~Game() { reap(); }
};

}  // namespace

GameResult play_game(const GameSpec& spec) {
    GameResult out;
    try {
        Game g(spec);
        try {
            g.run();
        } catch (const std::exception& e) {
            g.result.error = e.what();
        }
        g.reap();
        out = g.result;
    } catch (const std::exception& e) {
        out.error = e.what();
    }
    return out;
}

}  // namespace hexhall::arena
