#include "tools/arena/arena_game.hpp"

#include <chrono>
#include <cstdio>
#include <fstream>
#include <memory>
#include <optional>
#include <stdexcept>

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
    WsClient host;
    std::vector<Child> children;  // per seat (pid -1: not external)
    std::vector<std::optional<Clock::time_point>> exit_seen;  // per seat: when it exited 0 before the end
    std::unique_ptr<std::ofstream> record;
    bool over = false;
    Clock::time_point deadline;

    explicit Game(const GameSpec& s)
        : spec(s), host(s.host, s.port), children(s.seats.size()), exit_seen(s.seats.size()), deadline(Clock::now() + std::chrono::seconds(s.timeout_s)) {
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
        if (record) *record << m.dump() << '\n';
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

    void run() {
        const auto ignore = [](const json&) {};
        await_reply(host, host.send({{"type", "hello"}, {"name", "arena"}}), "hello", deadline, ignore);

        json create = spec.options;
        create["type"] = "createRoom";
        create["players"] = static_cast<int>(spec.seats.size());
        create["seed"] = spec.seed;
        json externals = json::array();
        for (size_t s = 0; s < spec.seats.size(); ++s)
            if (is_external(spec.seats[s])) externals.push_back(s);
        if (spec.seat_tokens && !externals.empty()) create["externalBots"] = externals;
        const json created = await_reply(host, host.send(create), "createRoom", deadline, ignore);
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
        for (size_t s = 0; s < spec.seats.size(); ++s) {
            if (!is_external(spec.seats[s])) continue;
            std::vector<std::string> args = {"--url", "ws://" + spec.host + ":" + std::to_string(spec.port) + "/ws",
                                             "--room", result.room, "--seat", std::to_string(s)};
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
            if (auto m = host.receive(milliseconds(200))) take(*m);
        }
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
