#include "tools/arena/process.hpp"

#include <chrono>
#include <csignal>
#include <fcntl.h>
#include <spawn.h>
#include <stdexcept>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

extern char** environ;

namespace hexhall::arena {

namespace {

std::string quote(const std::string& s) {
    std::string q = "'";
    for (char ch : s) q += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
    return q + "'";
}

int decode(int status) { return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status); }

}  // namespace

Child spawn(const std::string& command, const std::vector<std::string>& args, const std::string& log_path) {
    std::string line = "exec " + command;
    for (const std::string& a : args) line += " " + quote(a);
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, log_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_adddup2(&fa, 1, 2);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addclosefrom_np(&fa, 3);  // not the server's or other games' sockets
    std::string sh = "/bin/sh", dash_c = "-c";
    char* argv[] = {sh.data(), dash_c.data(), line.data(), nullptr};
    Child c;
    const int rc = posix_spawn(&c.pid, "/bin/sh", &fa, nullptr, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    if (rc != 0) throw std::runtime_error("cannot start " + command);
    return c;
}

bool exited(Child& c) {
    if (c.status >= 0) return true;
    int status = 0;
    if (waitpid(c.pid, &status, WNOHANG) != c.pid) return false;
    c.status = decode(status);
    return true;
}

void finish(Child& c, int ms) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
    while (!exited(c) && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    if (exited(c)) return;
    kill(c.pid, SIGKILL);
    int status = 0;
    waitpid(c.pid, &status, 0);
    c.status = decode(status);
}

}  // namespace hexhall::arena
