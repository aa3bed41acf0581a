// Shared by the tests that run the real hexhall-server binary as child processes (crash recovery,
// several nodes): the child server, four players starting a game, random play, resuming.
#pragma once
#include "tests/server/ws_client.hpp"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <string>
#include <vector>

extern char** environ;

namespace hexhall::test {

struct ChildServer {
    pid_t pid = -1;
    uint16_t port = 0;

    // `store`: the flags naming its store (TestStoreDb::flags).
    // `extra`: more flags (e.g. --node-id).
    ChildServer(const std::vector<std::string>& store, const std::filesystem::path& dir,
                const std::vector<std::string>& extra = {}) {
        const std::string port_file = (dir / "port").string(), log = (dir / "server.log").string();
        std::filesystem::remove(port_file);
        std::vector<std::string> args = {HEXHALL_SERVER_BIN, "--port", "0", "--address", "127.0.0.1", "--threads", "2",
                                         "--port-file", port_file, "--msgs-per-second", "0"};
        args.insert(args.end(), store.begin(), store.end());
        args.insert(args.end(), extra.begin(), extra.end());
        std::vector<char*> argv;
        for (auto& a : args) argv.push_back(a.data());
        argv.push_back(nullptr);
        posix_spawn_file_actions_t fa;
        posix_spawn_file_actions_init(&fa);
        posix_spawn_file_actions_addopen(&fa, 1, log.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
        posix_spawn_file_actions_adddup2(&fa, 1, 2);
        REQUIRE(posix_spawn(&pid, argv[0], &fa, nullptr, argv.data(), environ) == 0);
        posix_spawn_file_actions_destroy(&fa);
        for (int i = 0; i < 300 && port == 0; ++i) {
            std::ifstream in(port_file);
            int p = 0;
            if (in >> p) port = static_cast<uint16_t>(p);
            else std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
        REQUIRE(port != 0);
        std::lock_guard lock(hang_report().mu);
        hang_report().logs.push_back(log);  // shown if the test hangs (ws_client.hpp, Watchdog)
        log_ = log;
    }
    // Sends `sig` and waits for the process to end; returns its wait status. A server that has not
    // ended after 60 s fails the test, with its log's end, and is killed.
    int end_with(int sig) {
        test_step("waiting for the server on port " + std::to_string(port) + " to end after signal " + std::to_string(sig));
        REQUIRE(::kill(pid, sig) == 0);
        int st = 0;
        const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(60);
        while (waitpid(pid, &st, WNOHANG) == 0) {
            if (std::chrono::steady_clock::now() > until) {
                ::kill(pid, SIGKILL);
                waitpid(pid, &st, 0);
                pid = -1;
                FAIL("the server on port " << port << " did not end within 60 s of signal " << sig
                                           << "; the end of its log:\n" << file_tail(log_, 40));
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
        pid = -1;
        return st;
    }
    void kill_hard() { CHECK(WIFSIGNALED(end_with(SIGKILL))); }
    void terminate() { CHECK(WIFEXITED(end_with(SIGTERM))); }  // graceful shutdown
    ~ChildServer() {
        if (pid > 0) {
            ::kill(pid, SIGTERM);
            int st = 0;
            waitpid(pid, &st, 0);
        }
        std::lock_guard lock(hang_report().mu);
        auto& logs = hang_report().logs;
        logs.erase(std::remove(logs.begin(), logs.end(), log_), logs.end());
    }

private:
    std::string log_;
};

// One random action by one player; every client reads its patch (and keeps its events by version).
inline void play_one(std::vector<Player>& players, std::mt19937_64& rng, int& acks,
              std::vector<std::map<uint64_t, json>>* seen = nullptr) {
    act_random(random_mover(players, rng), rng);
    ++acks;
    for (Player& q : players) {
        const json m = q.c->recv();
        q.take_patch(m);
        if (seen && !m.at("catan").at("events").empty()) (*seen)[q.seat][m.at("to").get<uint64_t>()] = m.at("catan").at("events");
    }
}

// Four players say hello, player 0 creates a room with `options` (a createRoom request), everybody
// takes their seat, player 0 starts; returns the room. Each player has its snapshot.
inline std::string start_four(uint16_t port, std::vector<Player>& players, json options, std::string& commitment) {
    for (int i = 0; i < 4; ++i) {
        Player& p = players[i];
        p.seat = i;
        p.c = std::make_unique<WsClient>(port);
        p.c->request({{"type", "hello"}, {"name", "P" + std::to_string(i)}});
        p.token = p.c->recv_type("welcome").at("session").get<std::string>();
    }
    options["type"] = "createRoom";
    players[0].c->request(options);
    const std::string room = players[0].c->recv_type("roomCreated").at("room").get<std::string>();
    for (int i = 0; i < 4; ++i) {
        players[i].c->request({{"type", "joinRoom"}, {"room", room}, {"seat", i}});
        CHECK(players[i].c->recv_type("joined").at("seat") == i);
    }
    players[0].c->request({{"type", "start"}, {"room", room}});
    for (Player& p : players) {
        const json st = p.c->recv_type("started");
        if (commitment.empty()) commitment = st.at("commitment").get<std::string>();
        CHECK(st.at("commitment") == commitment);
        p.take_snapshot(p.c->recv_type("snapshot"));
    }
    return room;
}

// After the restart: `p` reconnects with its token and is put back in its seat; returns the snapshot.
inline json reconnect(Player& p, uint16_t port) {
    p.c = std::make_unique<WsClient>(port);
    p.c->request({{"type", "hello"}, {"name", "P" + std::to_string(p.seat)}, {"token", p.token}});
    CHECK(p.c->recv_type("welcome").at("session") == p.token);
    CHECK(p.c->recv_type("joined").at("seat") == p.seat);
    return p.c->recv_type("snapshot");
}

inline std::filesystem::path temp_dir(const char* name) {
    const auto dir = std::filesystem::temp_directory_path() / (name + std::to_string(std::random_device{}()));
    std::filesystem::create_directories(dir);
    return dir;
}

}  // namespace hexhall::test
