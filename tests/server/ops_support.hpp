// Support for the operations tests (limits, metrics, shutdown): a /metrics sample,
// reading until the server closes, and a table of four test clients playing random legal moves.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "tests/server/ws_client.hpp"

namespace hexhall::test {

// A sample of GET /metrics (the line "name value"; labels are part of the name); -1 when absent.
inline double metric(uint16_t port, const std::string& name) {
    int status = 0;
    const std::string body = http_get(port, "/metrics", status);
    const size_t at = body.find("\n" + name + " ");
    return at == std::string::npos ? -1 : std::stod(body.substr(at + name.size() + 2));
}

// Reads until the connection ends; returns the close code the server sent (0: none, -1: still
// open after max_messages) and counts the messages read before by type ("error:<code>" for errors).
inline int read_until_closed(WsClient& c, std::map<std::string, int>* types = nullptr, int max_messages = 1000000) {
    for (int i = 0; i < max_messages; ++i) {
        beast::flat_buffer b;
        beast::error_code ec;
        c.ws.read(b, ec);
        if (ec) return ec == websocket::error::closed ? static_cast<int>(c.ws.reason().code) : 0;
        if (types) {
            const std::string text = beast::buffers_to_string(b.data());
            std::string key = "?";
            if (text.size() < 4096) {
                json j = json::parse(text, nullptr, false);
                if (j.is_object()) key = j.value("type", "?");
                if (key == "error") key += ":" + j.value("code", "?");
            } else if (size_t at = text.rfind("\"type\":\""); at != std::string::npos) {
                // A big message (no parse: slow under sanitizers): keys are sorted, so the last
                // "type" is the top-level one.
                at += 8;
                key = text.substr(at, text.find('"', at) - at);
            }
            ++(*types)[key];
        }
    }
    return -1;
}

// Four seated test clients in a new, started room.
struct Table {
    std::vector<Player> players;
    std::string room;
    std::mt19937_64 rng{2024};

    Table(uint16_t port, int64_t seed) {
        players.resize(4);
        for (int i = 0; i < 4; ++i) {
            players[i].seat = i;
            players[i].c = std::make_unique<WsClient>(port);
            players[i].c->hello("T" + std::to_string(i));
        }
        room = players[0].c->create({{"players", 4}, {"seed", seed}}).at("room").get<std::string>();
        for (int i = 0; i < 4; ++i) REQUIRE(players[i].c->join(room, i).at("type") == "joined");
        players[0].c->request({{"type", "start"}, {"room", room}});
        for (Player& p : players) {
            p.c->recv_type("started");
            p.take_snapshot(p.c->recv_type("snapshot"));
        }
    }

    // One random legal action by a player who has a move; `seconds` is its round trip, from
    // sending to every seat having its patch. False when the game is over.
    bool act(double& seconds) {
        if (players[0].view.at("phase") == "gameOver") return false;
        Player& p = random_mover(players, rng);
        const auto t0 = std::chrono::steady_clock::now();
        p.c->request({{"type", "action"}, {"game", "catan"}, {"catan", random_intent(p, rng)}});
        p.c->recv_type("ack");
        for (Player& q : players) q.take_patch(q.c->recv_type("patch"));
        seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        return true;
    }
};

}  // namespace hexhall::test
