// Server-wide limits of the lobby (Hub) and its rooms. Plain data; tests shorten the times.
#pragma once
#include <chrono>
#include <cstddef>

namespace hexhall::server {

struct HubLimits {
    size_t max_rooms = 10000;
    // Quotas (0: none): rooms open at once created by one session / from one address …
    size_t rooms_per_session = 50;
    size_t rooms_per_address = 200;
    // … and a tournament's tables open at once, per organiser (the tournament). No one address or
    // organiser holds more than half of max_rooms, whatever these say (Hub's constructor).
    size_t rooms_per_organiser = 200;
    // Bot games (docs/decisions/012-bot-game-accounting.md): started games with no person seated and
    // connected, however they got there, at once per session / address / tournament organiser.
    size_t bot_rooms_per_session = 2;
    size_t bot_rooms_per_address = 4;
    size_t bot_rooms_per_organiser = 4;
    // A bot game's bots move no faster than this, and at most a third of the time (twice a step's
    // own time between steps). hexhall-server's default is a person's pace, 250 ms (Config); an
    // embedded Server (tests) lets them move as fast as they can unless set.
    std::chrono::milliseconds bot_move_interval{1};
    // A bot game over its principal's cap stands still; while watched (or a tournament's) it asks
    // again this often.
    std::chrono::milliseconds bot_wait_retry{1000};
    // The bot pool (docs/decisions/022-bots-on-the-work-pool.md): every built-in bot's decision is
    // thought there, queued per principal (the room's creator: address, then session; a
    // tournament's table: its organiser) and served round-robin; a room has at most one thought
    // queued. Threads: --bot-threads. The per-principal bounds are sized for the room quotas (a
    // session's 50 rooms, an address's 200); beyond one a room tries again after its pause. The
    // pool's threads bound how much CPU bots take, whatever the number of bot games (it replaced
    // the one-bot-game-step-at-a-time gate of decision 012).
    int bot_threads = 2;
    size_t bot_queue_per_principal = 64;
    size_t bot_queue_per_address = 256;
    size_t bot_queue = 4096;
    // A room with no connected member closes after this long: not started or finished …
    std::chrono::milliseconds idle_close{300'000};
    // … started and unfinished.
    std::chrono::milliseconds idle_close_running{3'600'000};
    // Multiplies every game time limit (clocks) and the disconnect grace. 1 in production; tests
    // use e.g. 0.001 so a 45 s turn lasts 45 ms.
    double clock_scale = 1.0;
    // Housekeeping (issue 12 finding 11), checked every ServerOptions::sweep_interval: a session not
    // seen (hello, join) for this long whose room is gone is forgotten, in memory and in the store …
    std::chrono::milliseconds session_ttl{24LL * 3600 * 1000};
    // … and a room abandoned (closed unfinished, or never started) this long ago is deleted.
    std::chrono::milliseconds abandoned_keep{24LL * 3600 * 1000};
    // Leaderboards list players with at least this many rated games in the season (decision 019).
    int leaderboard_min_games = 5;
    // Play now (hub_play_now.cpp): the queues are matched this often while anyone waits (and every
    // waiter told the queue's size); after play_bots_after a waiter may get a room with bots (then
    // casual); a matched player has play_join_wait to take the seat before a bot plays it.
    std::chrono::milliseconds play_tick{1000};
    std::chrono::milliseconds play_bots_after{60'000};
    std::chrono::milliseconds play_join_wait{30'000};
    // Several nodes (docs/decisions/017-several-nodes.md, "Placement"): a createRoom on a node that
    // owns more than place_margin_rooms rooms more than the least-loaded live node, and more than
    // place_margin_percent % more, is answered `moved` to that node (where it is created).
    size_t place_margin_rooms = 20;
    size_t place_margin_percent = 10;
    // Several nodes: how often a node checks that its connected sessions' log-ins still stand in the
    // store (revoked on another node: loggedOut). One query per check.
    std::chrono::milliseconds login_check{5'000};
};

}  // namespace hexhall::server
