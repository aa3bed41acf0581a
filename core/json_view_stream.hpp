// One seat's (or the spectators') stream of views for any game whose views are JSON: a snapshot, then
// one RFC 6902 patch (nlohmann json::diff) per action, each with the SHA-256 digest of the canonical
// new view (core/envelope.hpp) so a client can check that patch ∘ snapshot is what the server holds.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "core/envelope.hpp"

namespace hexhall::core {

class JsonViewStream {
public:
    // game: the payload key. version: the game's action count when the stream starts.
    JsonViewStream(std::string game, int seat, uint64_t version = 0);

    // Sets the stream to `view` and returns the snapshot message (echoing reply_to).
    json snapshot(json view, std::optional<json> legal, std::optional<int64_t> reply_to = std::nullopt);
    // After one action: the patch from the previous view to `view` (version + 1), with `events`
    // (already filtered for this seat). The stream must have a view first (snapshot or rebase).
    json patch(json view, json events, std::optional<json> legal);
    // Sets the stream to `view` at `version` without a message (after a restore).
    void rebase(json view, uint64_t version);

    int seat() const { return seat_; }
    uint64_t version() const { return version_; }
    const std::string& digest() const { return digest_; }
    const json& view() const { return view_; }

private:
    std::string game_;
    int seat_;
    uint64_t version_;
    json view_;
    std::string digest_;
};

}  // namespace hexhall::core
