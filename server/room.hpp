// A room: seats (humans with a session, or built-in bots), spectators, and one Game. Game-agnostic.
// Every method except summary() and post() runs on the room's strand (post()).
#pragma once
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "server/client.hpp"
#include "server/game.hpp"

namespace hexhall::server {

class Room : public std::enable_shared_from_this<Room> {
public:
    Room(std::string id, std::unique_ptr<Game> game, Post post);
    const std::string& id() const { return id_; }
    void post(std::function<void()> f) { post_(std::move(f)); }
    // listRooms entry; thread-safe.
    json summary() const;

    // On the room's strand:
    void join(const ClientPtr& c, const std::string& session, const std::string& name, std::optional<int> seat,
              int64_t id);
    void reattach(const ClientPtr& c, const std::string& session);  // hello with a known token
    void add_bot(const ClientPtr& c, int seat, const std::string& bot, int64_t id);
    void start(const ClientPtr& c, int64_t id);
    void game_message(const ClientPtr& c, const std::string& text, std::optional<int64_t> id);
    void leave(const ClientPtr& c);

private:
    struct Seat {
        enum class Kind { Empty, Human, Bot } kind = Kind::Empty;
        std::string session;  // token hash (humans)
        std::string name;     // player name or bot name
        std::weak_ptr<Client> client;
    };
    int seat_of(const ClientPtr& c) const;  // -1: not seated
    bool is_spectator(const ClientPtr& c) const;
    void broadcast(const GameUpdate& u);
    void pump_bots();
    void refresh_summary();

    const std::string id_;
    std::unique_ptr<Game> game_;
    Post post_;
    std::vector<Seat> seats_;
    std::vector<std::weak_ptr<Client>> spectators_;
    bool started_ = false;
    bool bots_scheduled_ = false;
    uint64_t bot_seed_ = 1;

    mutable std::mutex summary_mu_;
    json summary_;
};

}  // namespace hexhall::server
