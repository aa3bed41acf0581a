// Child processes for the arena's external bots: started through /bin/sh (so a bot is given as a
// command line, e.g. "python3 my_bot.py --verbose"), output to a log file.
#pragma once
#include <string>
#include <sys/types.h>
#include <vector>

namespace hexhall::arena {

struct Child {
    pid_t pid = -1;
    int status = -1;  // exit status once reaped (128 + signal when killed), -1 while running
};

// Runs `command` followed by `args` (each single-quoted for the shell), stdout and stderr to
// `log_path`. Throws std::runtime_error when it cannot be started.
Child spawn(const std::string& command, const std::vector<std::string>& args, const std::string& log_path);

// True once the child has exited (and fills status); never blocks.
bool exited(Child& c);

// Waits up to `ms` for the child to exit, then kills it (SIGKILL) and reaps it.
void finish(Child& c, int ms);

}  // namespace hexhall::arena
