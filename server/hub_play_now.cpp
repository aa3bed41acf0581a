// Play now (docs/protocol.md, "Play now"; docs/decisions/020-accounts.md): one queue per game and
// seat count (tournament/matchmaking.*: matched by rating, the accepted distance widening with the
// wait; bots fill after a wait and then the room is casual). A match becomes a managed room with a
// seat kept for each matched player (seat tokens, as a tournament's tables): each gets `matched` and
// takes its seat with joinRoom; the game starts once every seat is taken, and seats not taken in time
// are played by a bot until their player comes. The queues are matched every HubLimits::play_tick
// while anyone waits, on the fair work pool (a strand of their own keeps the timer).
#include <algorithm>

#include <spdlog/spdlog.h>

#include "server/handler_guard.hpp"
#include "server/hub.hpp"
#include "server/log_limit.hpp"
#include "server/safe_text.hpp"
#include "server/session.hpp"
#include "tournament/matchmaking.hpp"

namespace hexhall::server {

struct Hub::PlayQueue {
    std::string game, family;
    int players = 0;
    rating::MatchQueue queue;
    std::map<std::string, PlayWaiter> waiters;  // by session hash (the queue's player ids)
    explicit PlayQueue(const rating::QueueRules& rules) : queue(rules) {}
};

namespace {

double play_seconds() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

}  // namespace

void Hub::play_now(const ClientPtr& c, const LobbyRequest& r) {
    const GameModule* module = module_for(r.body);
    if (!module) return c->send(lobby_error("bad_option", "unknown \"game\": this server hosts " + games_.names(), r.id));
    int players = std::clamp(4, module->min_seats, module->max_seats);
    if (auto p = r.body.find("players"); p != r.body.end() && !p->is_null()) {
        if (!p->is_number_integer() || p->get<int64_t>() < module->min_seats || p->get<int64_t>() > module->max_seats)
            return c->send(lobby_error("bad_option",
                                       "\"players\" must be " + std::to_string(module->min_seats) + " to " +
                                           std::to_string(module->max_seats),
                                       r.id));
        players = static_cast<int>(p->get<int64_t>());
    }
    const std::optional<Account> account = accounts_->by_session(c->session_hash);
    const std::string name = display_name(c);
    const std::string key = module->name + "/" + std::to_string(players);
    size_t size = 0;
    bool arm = false;
    {
        std::lock_guard lock(play_mu_);
        if (queued_.count(c->session_hash))
            return c->send(lobby_error("already_queued", "this session is waiting to play already", r.id));
        std::shared_ptr<PlayQueue>& q = queues_[key];
        if (!q) {
            rating::QueueRules rules;
            rules.seats = players;
            rules.bots_after = std::chrono::duration<double>(limits_.play_bots_after).count();
            q = std::make_shared<PlayQueue>(rules);
            q->game = module->name;
            q->players = players;
            std::string error;  // the ruleset family of the game's default options (server/ratings.hpp)
            const std::unique_ptr<Game> g = module->create(json{{"players", players}}, error);
            q->family = g ? ruleset_family(g->options()) : "standard";
        }
        const rating::Rating skill =
            account ? ratings_->cached_rating(account->id, q->game, q->family).value_or(rating::Rating{}) : rating::Rating{};
        q->queue.join(c->session_hash, rating::ordinal(skill), play_seconds());
        q->waiters[c->session_hash] = {c, name, account ? account->id : std::string()};
        queued_[c->session_hash] = key;
        size = q->queue.size();
        if (!play_strand_) play_strand_ = strands_();
        arm = !play_armed_;
        play_armed_ = true;
        if (directory_) {
            QueueRow row;
            row.session = c->session_hash;
            row.queue = key;
            row.name = name;
            row.account = account ? account->id : std::string();
            row.address = c->address;
            row.skill = rating::ordinal(skill);
            play_now_cluster(c, r.id, std::move(row), players, size);  // its row first, on the work pool
            if (arm) arm_play();
            return;
        }
    }
    c->send(json{{"type", "queued"}, {"v", 1}, {"id", r.id}, {"game", module->name}, {"players", players}, {"size", size}});
    if (arm) arm_play();
}

void Hub::play_now_cluster(const ClientPtr& c, int64_t id, QueueRow row, int players, size_t size) {
    // Called under play_mu_: the job runs later, on the pool, charged to the client.
    const std::string game = row.queue.substr(0, row.queue.rfind('/'));
    const WorkPool::Admit admit = work_->submit({c->address, c->session_hash}, [this, c, id, row, players, size, game](bool run) {
        bool joined = false;
        const std::optional<std::string> failed = run ? run_guarded("play now", [&] { joined = directory_->queue_join(row); })
                                                      : std::optional<std::string>("stopped");
        if (!joined) {  // waiting on another node already, or the store cannot be reached: not queued here
            {
                std::lock_guard lock(play_mu_);
                if (auto q = queues_.find(row.queue); q != queues_.end()) {
                    q->second->queue.leave(row.session);
                    q->second->waiters.erase(row.session);
                }
                queued_.erase(row.session);
            }
            if (failed) return c->send(lobby_error("store_unavailable", "the queue could not be stored", id));
            return c->send(lobby_error("already_queued", "this session is waiting to play already", id));
        }
        bool still = false;
        {
            std::lock_guard lock(play_mu_);
            still = queued_.count(row.session) != 0;
        }
        if (!still) {  // it left meanwhile
            run_guarded("play now", [&] { directory_->queue_leave(row.session); });
            return;
        }
        c->send(json{{"type", "queued"}, {"v", 1}, {"id", id}, {"game", game}, {"players", players}, {"size", size}});
    });
    if (admit != WorkPool::Admit::Queued) {
        if (auto q = queues_.find(row.queue); q != queues_.end()) {
            q->second->queue.leave(row.session);
            q->second->waiters.erase(row.session);
        }
        queued_.erase(row.session);
        c->send(lobby_error("busy", busy_message(admit), id));
    }
}

bool Hub::leave_queue(const ClientPtr& c, bool only_this_connection) {
    std::lock_guard lock(play_mu_);
    auto it = queued_.find(c->session_hash);
    if (it == queued_.end()) return false;
    auto q = queues_.find(it->second);
    if (q != queues_.end()) {
        auto w = q->second->waiters.find(c->session_hash);
        if (only_this_connection && w != q->second->waiters.end() && w->second.client != c) return false;
        q->second->queue.leave(c->session_hash);
        if (w != q->second->waiters.end()) q->second->waiters.erase(w);
    }
    if (directory_) play_left_.push_back(c->session_hash);  // its row goes at the next tick
    queued_.erase(it);
    return true;
}

void Hub::play_tick() {
    if (directory_) return play_tick_cluster();
    struct Made {
        std::shared_ptr<PlayQueue> queue;
        rating::Match match;
        std::vector<PlayWaiter> who;
    };
    std::vector<Made> made;
    std::vector<std::pair<ClientPtr, json>> pushes;
    bool rearm = false;
    {
        std::lock_guard lock(play_mu_);
        const double now = play_seconds();
        for (auto& [key, q] : queues_) {
            for (rating::Match& m : q->queue.match(now)) {
                Made x{q, m, {}};
                for (const std::string& session : m.players) {
                    if (auto w = q->waiters.find(session); w != q->waiters.end()) {
                        x.who.push_back(w->second);
                        q->waiters.erase(w);
                    }
                    queued_.erase(session);
                }
                if (!x.who.empty()) made.push_back(std::move(x));
            }
            for (auto& [session, w] : q->waiters)
                pushes.emplace_back(w.client, json{{"type", "queue"},
                                                   {"v", 1},
                                                   {"game", q->game},
                                                   {"players", q->players},
                                                   {"size", q->queue.size()},
                                                   {"waited", static_cast<int64_t>(q->queue.waited(session, now).value_or(0))}});
        }
        rearm = play_armed_ = !queued_.empty();
    }
    for (auto& [c, m] : pushes) c->send(m);
    for (Made& x : made) {
        std::vector<MatchSeat> seats;
        for (const PlayWaiter& w : x.who) seats.push_back({w.name, w.account, w.client->address});
        start_match(x.queue->game, x.queue->players, x.match, seats,
                    [who = x.who](size_t i, const json& m) { who[i].client->send(m); });
    }
    if (rearm) arm_play();
}

void Hub::play_tick_cluster() {
    std::vector<std::string> left;
    {
        std::lock_guard lock(play_mu_);
        left.swap(play_left_);
    }
    run_guarded("play now", [&] {
        for (const std::string& session : left) directory_->queue_leave(session);
    });
    // Matching, when no other node is at it: every node's waiters, by the same rules as one node's.
    struct Made {
        std::string game;
        int players = 0;
        rating::Match match;
        std::vector<QueueRow> rows;
    };
    std::vector<Made> made;
    const double bots_after = std::chrono::duration<double>(limits_.play_bots_after).count();
    // A match's room is made on the least-loaded live node, as a createRoom's (placement()): a node
    // clearly busier than another leaves its matches to that node, which matches the same queue.
    const std::optional<std::string> elsewhere = less_loaded_node();
    run_guarded("play now", [&] {
        directory_->queue_match([&](const std::vector<QueueRow>& rows) {
            made.clear();
            std::map<std::string, std::vector<const QueueRow*>> by_queue;
            for (const QueueRow& row : rows) by_queue[row.queue].push_back(&row);
            std::vector<std::string> taken;
            constexpr double kNow = 1e9;  // the rows' waits are from the database's clock
            for (auto& [key, list] : by_queue) {
                const size_t slash = key.rfind('/');
                if (slash == std::string::npos) continue;
                rating::QueueRules rules;
                rules.seats = std::atoi(key.c_str() + slash + 1);
                rules.bots_after = bots_after;
                if (rules.seats < 1) continue;
                rating::MatchQueue queue(rules);
                std::map<std::string, const QueueRow*> of;
                for (const QueueRow* row : list) {
                    queue.join(row->session, row->skill, kNow - row->waited_s);
                    of[row->session] = row;
                }
                for (rating::Match& m : queue.match(kNow)) {
                    Made x{key.substr(0, slash), rules.seats, m, {}};
                    for (const std::string& session : m.players) {
                        x.rows.push_back(*of.at(session));
                        taken.push_back(session);
                    }
                    made.push_back(std::move(x));
                }
            }
            std::lock_guard lock(play_mu_);
            if (taken.empty() || !elsewhere) play_deferred_.reset();
            else if (defer_play_match(taken.front(), *elsewhere)) {
                made.clear();
                taken.clear();
            }
            return taken;
        });
    });
    for (Made& x : made) {
        std::vector<MatchSeat> seats;
        for (const QueueRow& row : x.rows) seats.push_back({row.name, row.account, row.address});
        // Each player's node sends it (its next tick), once the room's row is committed.
        start_match(x.game, x.players, x.match, seats, [this, rows = x.rows](size_t i, const json& m) {
            const std::string session = rows[i].session, text = m.dump();
            auto deliver = [this, session, text] {
                run_guarded("play now", [&] { directory_->queue_deliver(session, text); });
            };
            if (work_->submit({"server", "play-now"}, [deliver](bool) { deliver(); }) != WorkPool::Admit::Queued)
                deliver();
        });
    }
    // This node's waiters: their `matched`, or how many wait.
    std::map<std::string, int64_t> sizes;
    std::vector<QueueRow> told;
    run_guarded("play now", [&] { told = directory_->queue_poll(sizes); });
    std::vector<std::pair<ClientPtr, json>> pushes;
    bool rearm = false;
    {
        std::lock_guard lock(play_mu_);
        const double now = play_seconds();
        for (const QueueRow& row : told) {
            auto q = queues_.find(row.queue);
            if (q == queues_.end()) continue;
            auto w = q->second->waiters.find(row.session);
            if (w == q->second->waiters.end()) continue;  // gone meanwhile: its seat gets a bot
            json m = json::parse(row.matched, nullptr, false);
            if (!m.is_discarded()) pushes.emplace_back(w->second.client, std::move(m));
            q->second->queue.leave(row.session);
            q->second->waiters.erase(w);
            queued_.erase(row.session);
        }
        for (auto& [key, q] : queues_) {
            const auto n = sizes.find(key);
            for (auto& [session, w] : q->waiters)
                pushes.emplace_back(w.client, json{{"type", "queue"},
                                                   {"v", 1},
                                                   {"game", q->game},
                                                   {"players", q->players},
                                                   {"size", n == sizes.end() ? int64_t(0) : n->second},
                                                   {"waited", static_cast<int64_t>(q->queue.waited(session, now).value_or(0))}});
        }
        // While anyone waits on any node, this node matches too (a busier node leaves it the match).
        const bool waiting = std::any_of(sizes.begin(), sizes.end(), [](const auto& s) { return s.second > 0; });
        rearm = play_armed_ = !queued_.empty() || !play_left_.empty() || waiting;
    }
    for (auto& [c, m] : pushes) c->send(m);
    if (rearm) arm_play();
}

bool Hub::defer_play_match(const std::string& first, const std::string& node) {
    const auto now = std::chrono::steady_clock::now();
    const auto window = kPlayDeferLeases * std::max(lease_, std::chrono::duration_cast<std::chrono::milliseconds>(limits_.play_tick));
    if (!play_deferred_ || play_deferred_->first != first || play_deferred_->node != node) {
        play_deferred_ = PlayDeferred{first, node, now};
        if (log_allowed("play now deferred"))
            spdlog::info("play now: a match is left to node {} (less loaded), which makes its room", printable(node));
        return true;
    }
    if (now - play_deferred_->since < window) return true;
    spdlog::warn("play now: node {} did not make a match within {} ms: its room is made here", printable(node),
                 window.count());
    play_deferred_.reset();
    return false;
}

void Hub::play_wake() {
    if (!directory_) return;
    {
        std::lock_guard lock(play_mu_);
        if (play_armed_) return;
    }
    try {
        if (!directory_->queue_waiting()) return;  // on the lease's connection: one short statement
    } catch (const std::exception& e) {  // the next renewal asks again
        if (log_allowed("play now wake"))
            spdlog::warn("play now: cannot ask whether anyone waits ({})", printable(e.what()));
        return;
    }
    std::lock_guard lock(play_mu_);
    if (play_armed_) return;
    if (!play_strand_) play_strand_ = strands_();
    play_armed_ = true;
    arm_play();
}

void Hub::arm_play() {
    // The pass itself runs on the fair work pool (a pass over many waiters takes milliseconds:
    // decision 019), charged to the server's own principal; a refusal tries again a tick later.
    play_strand_->post_after(limits_.play_tick, [this] {
        const WorkPool::Admit admit = work_->submit({"server", "play-now"}, [this](bool run) {
            if (run) play_tick();
        });
        if (admit != WorkPool::Admit::Queued && admit != WorkPool::Admit::Stopped) arm_play();
    });
}

void Hub::start_match(const std::string& game, int players, const rating::Match& m, const std::vector<MatchSeat>& seats,
                      std::function<void(size_t seat, const json& message)> tell_seat) {
    const GameModule* module = games_.find(game);
    if (!module || seats.empty()) return;
    bool rated = m.rated && seats.size() == static_cast<size_t>(players);
    for (const MatchSeat& w : seats) rated = rated && !w.account.empty();
    ManagedRoomRequest req;
    req.options = {{"game", game}, {"players", players}, {"clock", "standard"}, {"private", true}};
    if (rated) req.options["rated"] = true;
    req.owner = "playnow:" + std::to_string(++play_rooms_);
    req.organiser_address = seats.front().address;
    std::vector<std::string> tokens;
    for (size_t i = 0; i < seats.size(); ++i) {
        tokens.push_back(new_session_token());
        req.seat_token_hashes[static_cast<int>(i)] = token_hash(tokens.back());
        req.seat_names[static_cast<int>(i)] = seats[i].name;
    }
    for (int i = static_cast<int>(seats.size()); i < players; ++i) req.seat_bots[i] = module->takeover_bot;
    std::string error;
    // The players are told once the room's row and seats are committed (Store::sync): a matched
    // player who asks another node finds it there at once.
    auto tell = [tell_seat, tokens, rated](bool ok, const ManagedRoom& made) {
        for (size_t i = 0; i < tokens.size(); ++i) {
            if (!ok) {
                tell_seat(i, lobby_error("store_unavailable", "your game could not be stored", std::nullopt));
                continue;
            }
            tell_seat(i, json{{"type", "matched"}, {"v", 1}, {"room", made.room}, {"invite", made.invite},
                              {"seat", i}, {"seatToken", tokens[i]}, {"rated", rated}});
        }
    };
    const std::optional<ManagedRoom> room = create_managed_room(req, error, std::move(tell));
    if (!room) {
        spdlog::warn("play now: no room for a match: {}", error);
        for (size_t i = 0; i < seats.size(); ++i)
            tell_seat(i, lobby_error("too_many_rooms", "the server has no room for your game now: try again later", std::nullopt));
        return;
    }
    // A matched player who does not come in time: a bot plays the seat until they do.
    play_strand_->post_after(limits_.play_join_wait, [this, id = room->room, bot = module->takeover_bot] {
        force_start(id, bot, {});
    });
}

}  // namespace hexhall::server
