// One seat's (or the spectator's) stream of views: a snapshot, then one patch per engine action.
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "protocol/messages.hpp"

namespace hexhall::protocol {

class ViewStream {
public:
    // seat: 0..3, or catan::kSpectator. version: the game's action count when the stream starts.
    explicit ViewStream(int seat, uint64_t version = 0, bool include_legal = true);

    // Sets the stream to the state's view and returns the snapshot message (echoing reply_to).
    json snapshot(const catan::GameState& s, std::optional<int64_t> reply_to = std::nullopt);
    // After one engine action on `s`: the patch from the previous view to the new one, with the events
    // (of events[first..]) this seat may see. The stream must have produced a snapshot first.
    json patch(const catan::GameState& s, const catan::EventList& events, size_t first = 0);

    int seat() const { return seat_; }
    uint64_t version() const { return version_; }
    const std::string& digest() const { return digest_; }
    // The current view as one JSON object (assembled; for tests and tools).
    json view() const;

private:
    void rebuild_all(const catan::SeatView& v);
    void update_digest();
    std::optional<json> legal(const catan::GameState& s);

    int seat_;
    uint64_t version_;
    bool include_legal_;
    bool started_ = false;
    catan::SeatView last_{};
    std::array<json, catan::kMaxPlayers> players_;       // the "players" section, per player
    std::array<std::string, catan::kMaxPlayers> player_text_;
    std::array<json, kViewSections> section_;            // other sections
    std::array<std::string, kViewSections> text_;        // canonical text of each section
    std::string canonical_;
    std::string digest_;
    catan::LegalActions la_;
};

}  // namespace hexhall::protocol
